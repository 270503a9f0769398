import type { ChatItem } from './chatItems';

/**
 * One row of the drawn list (CONTRIBUTING.md §9): a chat item, or what the list shows around them.
 * Each has a key that stays the same while it is on screen, so the virtualised list keeps its
 * measured height and her place when rows come in above or below it.
 */
export type MessageRow =
  | { kind: 'empty'; key: 'empty' }
  | { kind: 'welcome'; key: 'welcome' }
  | { kind: 'item'; key: string; item: ChatItem }
  /** A reply on its way: '' while she waits, then its text so far. */
  | { kind: 'reply'; key: 'reply'; text: string }
  | { kind: 'reminder'; key: 'reminder' };

export function rowsOf(
  items: ChatItem[],
  replyText: string | undefined,
  showAiReminder: boolean,
): MessageRow[] {
  const rows: MessageRow[] =
    items.length === 0
      ? [
          { kind: 'empty', key: 'empty' },
          { kind: 'welcome', key: 'welcome' },
        ]
      : items.map((item) => ({ kind: 'item', key: item.id, item }));
  if (replyText !== undefined) rows.push({ kind: 'reply', key: 'reply', text: replyText });
  if (showAiReminder) rows.push({ kind: 'reminder', key: 'reminder' });
  return rows;
}

/** About how many characters a line of a bubble holds on a phone. */
const CHARS_PER_LINE = 34;
const LINE_PX = 22;
/** A bubble's padding and the gap below its row. */
const BUBBLE_PX = 34;

/**
 * A row's height before it is measured (px): near the real one, so the scrollbar and the
 * rows far above her are roughly where they will be. Every drawn row is measured.
 */
export function estimatedHeight(row: MessageRow, teaserButton = true): number {
  switch (row.kind) {
    case 'empty':
      return 80;
    case 'welcome':
      return 150;
    case 'reply':
      return BUBBLE_PX + linesOf(row.text) * LINE_PX;
    case 'reminder':
      return 110;
    case 'item':
      return itemHeight(row.item, teaserButton);
  }
}

/** `teaserButton`: a teaser shows its subscribe button (none in care mode). */
function itemHeight(item: ChatItem, teaserButton: boolean): number {
  switch (item.kind) {
    case 'help':
      return 330;
    case 'teaser':
      return (
        BUBBLE_PX +
        linesOf(item.text) * LINE_PX +
        (teaserButton ? 60 : 0) +
        (item.helpCard ? 330 : 0)
      );
    case 'failed':
      return BUBBLE_PX + linesOf(item.text) * LINE_PX + 60;
    case 'ocr':
      return (
        BUBBLE_PX +
        linesOf(item.text) * LINE_PX +
        (item.imageUrl ? 320 : 0) +
        (item.extractedText ? 40 + linesOf(item.extractedText) * LINE_PX : 0)
      );
    case 'pending':
      return BUBBLE_PX + linesOf(item.text) * LINE_PX + 24;
    case 'message':
      return BUBBLE_PX + linesOf(item.text) * LINE_PX + (item.crisis ? 260 : 0);
  }
}

function linesOf(text: string): number {
  return text
    .split('\n')
    .reduce((lines, line) => lines + Math.max(1, Math.ceil(line.length / CHARS_PER_LINE)), 0);
}
