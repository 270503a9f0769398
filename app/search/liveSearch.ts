import { liveQuery, type Subscription } from 'dexie';
import { useEffect, useSyncExternalStore } from 'react';
import { searchableHistory } from '../db/searchable';
import { documentsOf } from './documents';
import { SearchIndex, type SearchAnswer } from './searchIndex';

/**
 * The one index of her history on this device, kept in step with it while search is in use:
 * every write to her chats, messages or memories reads them again (liveQuery), and the index
 * takes in only what changed (SearchIndex.update). Made the first time search is used, kept
 * after it, and brought up to date when search is used again.
 */
const index = new SearchIndex();

interface IndexState {
  /** False until her whole history has been taken in once: results may still be missing. */
  built: boolean;
  /** Goes up each time the index has taken in a change: results are looked up again. */
  version: number;
}

let state: IndexState = { built: false, version: 0 };
const listeners = new Set<() => void>();
let users = 0;
let watching: Subscription | null = null;

function changed(next: IndexState) {
  state = next;
  for (const listener of listeners) listener();
}

function taken() {
  changed({ built: true, version: state.version + 1 });
}

/** Keeps the index in step with her history until the returned function is called. */
function watchHistory(): () => void {
  users += 1;
  watching ??= liveQuery(searchableHistory).subscribe({
    next: (history) => void index.update(documentsOf(history)).then(taken),
    // The device could not be read: what the index holds is all there is to search.
    error: taken,
  });
  return () => {
    users -= 1;
    if (users > 0) return;
    watching?.unsubscribe();
    watching = null;
  };
}

export interface LiveSearch extends IndexState {
  search: (query: string) => SearchAnswer | null;
}

const search = (query: string) => index.search(query);

/** Search over her history, kept up to date while `active` (she is searching). */
export function useSearch(active: boolean): LiveSearch {
  useEffect(() => (active ? watchHistory() : undefined), [active]);
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
  return { ...current, search };
}
