import { useEffect, useRef, useState } from 'react';
import type { ChatItem } from './chatItems';

interface ReplyAnnouncerProps {
  items: ChatItem[];
  /** Who the replies are from: 'Cassie'. */
  personaName: string;
}

/**
 * What a screen reader says of the chat: the message list is a log that is not
 * live itself, since its rows come and go as she scrolls (a virtualised list); instead each
 * new reply is said here once, politely, when it is whole ('Cassie: …'), and each message of
 * hers that could not be sent. What was on the screen when she opened the chat, and older
 * messages read in above, are not news: they say nothing.
 */
export function ReplyAnnouncer({ items, personaName }: ReplyAnnouncerProps) {
  const [said, setSaid] = useState('');
  const seen = useRef<Seen | null>(null);

  useEffect(() => {
    const before = seen.current;
    seen.current = seenIn(items);
    // What the chat shows as it opens, or what sync first brings to a chat still empty here.
    if (!before || before.ids.size === 0) return;
    const news = newsIn(items, before, personaName);
    // Said once: a reply arriving again (another render, a page read above) is already seen.
    if (news.length > 0) setSaid(news.join('\n'));
  }, [items, personaName]);

  return (
    <div className="visually-hidden" aria-live="polite" aria-atomic="true">
      {said}
    </div>
  );
}

/** The ids of the rows she has been shown, and which of them were not sent. */
interface Seen {
  ids: Set<string>;
  failed: Set<string>;
}

function seenIn(items: ChatItem[]): Seen {
  return {
    ids: new Set(items.map((item) => item.id)),
    failed: new Set(items.flatMap((item) => (item.kind === 'failed' ? [item.id] : []))),
  };
}

/** What came in below since `before` (never what was read in above), in words. */
export function newsIn(items: ChatItem[], before: Seen, personaName: string): string[] {
  // Rows above the first one she had been shown are older pages read in: not news.
  const firstSeen = items.findIndex((item) => before.ids.has(item.id));
  const below = firstSeen === -1 ? items : items.slice(firstSeen);
  const news = below.flatMap((item) => {
    const reply = before.ids.has(item.id) ? null : replyText(item);
    return reply === null ? [] : [`${personaName}: ${spokenText(reply)}`];
  });
  for (const item of items) {
    if (item.kind === 'failed' && !before.failed.has(item.id)) news.push(item.failure);
  }
  return news;
}

function replyText(item: ChatItem): string | null {
  switch (item.kind) {
    case 'message':
    case 'ocr':
      return item.from === 'bestie' ? item.text : null;
    case 'teaser':
      return item.text;
    default:
      return null;
  }
}

/** A reply's light markdown (Markdown.tsx) as it reads aloud: no asterisks, no bullets. */
export function spokenText(text: string): string {
  return text
    .replace(/^\s*[-*•]\s+/gm, '')
    .replace(/\*\*(.+?)\*\*/g, '$1')
    .replace(/\*(?!\s)(.+?)\*/g, '$1')
    .trim();
}
