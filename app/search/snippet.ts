import { termOf, WORD } from './terms';

/** A run of a result's text: marked when it is a word she searched for. */
export interface SnippetPart {
  text: string;
  marked: boolean;
}

/** Text kept before the first match, so it shows with a little of what led up to it. */
const BEFORE = 40;
/** Past this, the rest of a long message is left out (two or three lines show anyway). */
const LENGTH = 200;

/** The text as it reads on screen: Markdown's marks and line breaks left out. */
const plain = (text: string) =>
  text
    .replace(/[*_`~]+|^\s*(?:[-+>#]+|\d+\.)\s+/gm, '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The part of `text` that shows in a result: from a little before its first word among `terms`
 * (terms.ts: a word matches when its term is one of them), with each such word marked.
 */
export function snippetOf(text: string, terms: readonly string[]): SnippetPart[] {
  const line = plain(text);
  const wanted = new Set(terms);
  const marks = [...line.matchAll(WORD)]
    .filter((word) => wanted.has(termOf(word[0])))
    .map((word) => ({ from: word.index, to: word.index + word[0].length }));
  const first = marks[0]?.from ?? 0;
  // Start at a word, a little before the first match; '…' says something came before.
  const start =
    first > BEFORE ? Math.min(first, line.indexOf(' ', first - BEFORE) + 1 || first) : 0;
  const end = Math.min(line.length, Math.max(start + LENGTH, marks[0]?.to ?? 0));
  const parts: SnippetPart[] = [];
  const add = (from: number, to: number, marked: boolean) => {
    if (to > from) parts.push({ text: line.slice(from, to), marked });
  };
  let at = start;
  for (const { from, to } of marks) {
    if (from < start) continue;
    if (to > end) break;
    add(at, from, false);
    add(from, to, true);
    at = to;
  }
  add(at, end, false);
  if (start > 0) parts.unshift({ text: '…', marked: false });
  if (end < line.length) parts.push({ text: '…', marked: false });
  return parts;
}
