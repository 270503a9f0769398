import { useMemo, useSyncExternalStore, type RefObject } from 'react';

type Field = RefObject<HTMLInputElement | null>;

export interface SearchField {
  /** What she has typed. */
  query: string;
  /** Whether the field has her focus. */
  focused: boolean;
  /** Empties the field. */
  clear: () => void;
}

/**
 * The sidebar's search field as she types in it. The field is the sidebar's own (there from
 * the first paint, with no code of search's): its value and focus are read from it, so what she
 * typed before search had loaded counts too.
 */
export function useSearchField(field: Field): SearchField {
  const subscribe = useMemo(() => onChangeOf(field), [field]);
  const query = useSyncExternalStore(subscribe, () => field.current?.value ?? '');
  const focused = useSyncExternalStore(subscribe, () => document.activeElement === field.current);
  const clear = useMemo(() => () => empty(field), [field]);
  return { query, focused, clear };
}

const EVENTS = ['input', 'focus', 'blur'];

/** useSyncExternalStore's subscribe: calls `changed` as she types in the field or leaves it. */
function onChangeOf(field: Field) {
  return (changed: () => void) => {
    const input = field.current;
    for (const event of EVENTS) input?.addEventListener(event, changed);
    return () => {
      for (const event of EVENTS) input?.removeEventListener(event, changed);
    };
  };
}

/** Empties the field as her deleting would (its listeners hear it). */
function empty(field: Field) {
  const input = field.current;
  if (!input) return;
  input.value = '';
  input.dispatchEvent(new Event('input'));
}
