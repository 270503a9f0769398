import {
  chatDocument,
  escapeBlock,
  failureNote,
  screenshotBlocks,
  slugOf,
  TEASER_NOTE,
} from '@shared/markdown';
import type { LocalChat, LocalMessage } from '../../db/db';
import { toChatItem, type ChatItem } from './chatItems';

export { escapeBlock, TEASER_NOTE };
export const PENDING_NOTE = '(Not sent yet: waiting to reach the server.)';

export interface MarkdownOptions {
  exportedAt: Date;
  /** For tests; her browser's own by default. */
  locale?: string;
  timeZone?: string;
}

/**
 * One chat as Markdown, as she sees it on this device: a title, who it is with, then each
 * message in the chat's order. Her words and the bestie's are kept as written; only what
 * would break the document's shape (a heading, a rule, a code fence, raw HTML at a line's
 * start) is escaped, so no message can pose as another or swallow the rest.
 */
export function chatToMarkdown(
  chat: LocalChat,
  messages: LocalMessage[],
  options: MarkdownOptions,
): string {
  const bestie = chat.persona.name;
  const when = (iso: string, style: Intl.DateTimeFormatOptions) => formatDate(iso, style, options);
  return chatDocument({
    title: chat.title,
    bestie,
    about: `exported ${when(options.exportedAt.toISOString(), { dateStyle: 'medium' })}`,
    entries: messages.map((message) => {
      const item = toChatItem(message);
      return {
        author: 'from' in item && item.from === 'bestie' ? bestie : 'You',
        time: when(item.timestamp, { dateStyle: 'medium', timeStyle: 'short' }),
        body: bodyOf(item),
      };
    }),
  });
}

function bodyOf(item: ChatItem): string[] {
  switch (item.kind) {
    case 'message':
      return [escapeBlock(item.text)];
    case 'teaser':
      return [escapeBlock(item.text), `_${TEASER_NOTE}_`];
    case 'pending':
      return [escapeBlock(item.text), `_${PENDING_NOTE}_`];
    case 'failed':
      return [escapeBlock(item.text), failureNote(item.failure)];
    case 'ocr':
      return ocrBody(item);
    case 'help':
      return [];
  }
}

function ocrBody(item: Extract<ChatItem, { kind: 'ocr' }>): string[] {
  return [
    ...screenshotBlocks({
      picture: '_Screenshot_',
      summary: item.enhanced?.analysis.summary,
      extractedText: item.extractedText,
      words: item.text,
      readForText: true,
    }),
    item.pending ? `_${PENDING_NOTE}_` : '',
  ];
}

function formatDate(iso: string, style: Intl.DateTimeFormatOptions, options: MarkdownOptions) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'unknown time';
  return new Intl.DateTimeFormat(options.locale, { ...style, timeZone: options.timeZone }).format(
    date,
  );
}

/** `{slug-of-title}-{yyyy-mm-dd}.md`, the day in her own time. */
export function markdownFileName(chat: LocalChat, exportedAt: Date): string {
  const slug = slugOf(chat.title || `Chat with ${chat.persona.name}`);
  const pad = (value: number) => String(value).padStart(2, '0');
  const day = `${exportedAt.getFullYear()}-${pad(exportedAt.getMonth() + 1)}-${pad(exportedAt.getDate())}`;
  return `${slug}-${day}.md`;
}
