import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { useSearch } from '../../search/liveSearch';
import type { SearchDoc } from '../../search/documents';
import type { SearchAnswer, SearchHit } from '../../search/searchIndex';
import { SearchResult } from './SearchResult';
import { useSearchField } from './useSearchField';
import './search.css';

interface SearchPanelProps {
  /** Her search field, in the sidebar from its first paint (this panel loads when she uses it). */
  field: RefObject<HTMLInputElement | null>;
  /** She opened a result (the mobile drawer closes). */
  onOpen: () => void;
}

/** How long the result count waits for her to stop typing before a screen reader hears it. */
const ANNOUNCE_AFTER_MS = 600;

/**
 * Her chats, messages and memories found as she types in the sidebar's search field, on the
 * device, offline too (app/search/). The results take the place of her chat list; ↓ and ↑ go
 * through them, Enter opens one, Escape clears the search and goes back to the field.
 */
export function SearchPanel({ field, onOpen }: SearchPanelProps) {
  const { query, focused, clear } = useSearchField(field);
  const searching = query.trim() !== '';
  const { built, search } = useSearch(searching || focused);
  const answer = searching ? search(query) : null;
  const status = searching ? statusOf(query, answer, built) : '';
  const results = useRef<HTMLDivElement>(null);
  const announced = useAnnounced(status);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const input = field.current;
      const links = Array.from(results.current?.querySelectorAll('a') ?? []);
      const at = links.indexOf(event.target as HTMLAnchorElement);
      if (!input || (event.target !== input && at === -1)) return;
      let next: HTMLElement | undefined;
      if (event.key === 'ArrowDown') next = links[at + 1];
      else if (event.key === 'ArrowUp') next = links[at - 1] ?? input;
      else if (event.key === 'Escape' && input.value !== '') {
        clear();
        next = input;
      }
      if (!next) return;
      // Handled here: the mobile drawer's own Escape (which closes it) does not see it.
      event.preventDefault();
      next.focus();
    };
    // In the capture phase, so before the drawer's Escape listener (Radix, on the document).
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [field, clear]);

  return (
    <>
      {/* There before she types, so the first count is heard too. */}
      <p className="visually-hidden" role="status">
        {announced}
      </p>
      {/* While it shows, what follows it in the sidebar (her chats) does not (search.css). */}
      {searching && (
        <div className="search">
          {answer?.total === 0 && built ? (
            <div className="search__empty">
              <p className="search__empty-title">{status}</p>
              <p>Try another word, or check the spelling.</p>
            </div>
          ) : (
            <p className="search__status">{status}</p>
          )}
          {answer && answer.hits.length > 0 && (
            <div
              className="search__results"
              role="region"
              aria-label="Search results"
              ref={results}
            >
              <ResultGroup title="Chats" hits={answer.hits} kind="chat" onOpen={onOpen} />
              {/* Before her messages: a few short rows, not lost below fifty messages. */}
              <ResultGroup title="Memories" hits={answer.hits} kind="memory" onOpen={onOpen} />
              <ResultGroup title="Messages" hits={answer.hits} kind="message" onOpen={onOpen} />
            </div>
          )}
        </div>
      )}
    </>
  );
}

interface ResultGroupProps {
  title: string;
  hits: SearchHit[];
  kind: SearchDoc['kind'];
  onOpen: () => void;
}

/**
 * The results of one kind, best first, under a heading: a chat named after her first message is
 * found by its name and by that message, each opening it its own way.
 */
function ResultGroup({ title, hits, kind, onOpen }: ResultGroupProps) {
  const id = useId();
  const ofKind = hits.filter((hit) => hit.doc.kind === kind);
  if (ofKind.length === 0) return null;
  return (
    <>
      <h3 className="search__group" id={id}>
        {title}
      </h3>
      <ul className="search__list" aria-labelledby={id}>
        {ofKind.map((hit) => (
          <SearchResult key={hit.doc.id} hit={hit} onOpen={onOpen} />
        ))}
      </ul>
    </>
  );
}

const LOOKING = 'Looking through your chats…';

function statusOf(query: string, answer: SearchAnswer | null, built: boolean): string {
  if (!answer) return 'Keep typing to search your chats…';
  if (answer.total === 0) return built ? `No matches for “${query.trim()}”` : LOOKING;
  const count = answer.total === 1 ? '1 match' : `${answer.total.toLocaleString()} matches`;
  const shown =
    answer.hits.length < answer.total ? `The best ${answer.hits.length} of ${count}` : count;
  return built ? shown : `${shown} so far. ${LOOKING}`;
}

/** `status` once it has stayed the same for a moment: one count heard, not one per keystroke. */
function useAnnounced(status: string): string {
  const [announced, setAnnounced] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setAnnounced(status), ANNOUNCE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [status]);
  return announced;
}
