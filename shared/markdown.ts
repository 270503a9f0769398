/**
 * Writing her words into a Markdown document, for the chat's 'Export as Markdown' (the app)
 * and the complete export's chat files (the server): her text is kept as written, only what
 * would break the document's shape is escaped, so no message can pose as another.
 */

/**
 * Her text as written, with every line that Markdown would read as structure escaped: an ATX
 * heading (`# `), a setext underline or rule (`---`, `===`, `***`, `___`), a code fence
 * (which would swallow everything after it) and a raw HTML block (`<`).
 */
export function escapeBlock(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').trim().split('\n');
  return lines.map(escapeLine).join('\n');
}

const STRUCTURE = /^( {0,3})(#{1,6}(?=\s|$)|=+\s*$|(?:[-*_]\s*){3,}$|-+\s*$|`{3,}|~{3,}|<)/;

/** One line of her text, escaped as in escapeBlock. */
export function escapeLine(line: string): string {
  return line.replace(
    STRUCTURE,
    (_whole, indent: string, marker: string) => `${indent}\\${marker}`,
  );
}

/** A short piece set inside our own lines (a name, a reason): no emphasis markers of its own. */
export function escapeInline(text: string): string {
  return text.replace(/([\\`*_[\]<>#|])/g, '\\$1');
}

/** Text as a blockquote, line by line, escaped inside the quote too. */
export function quote(text: string): string {
  return escapeBlock(text)
    .split('\n')
    .map((line) => (line.trim() === '' ? '>' : `> ${line}`))
    .join('\n');
}

/** A heading's text: one line, a closing run of `#` escaped. */
export const headingText = (text: string) =>
  escapeLine(oneLine(text)).replace(/#+$/, (closing) => `\\${closing}`);

export const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** A file-name-safe slug of a title (ASCII letters, digits, dashes; at most 60), or 'chat'. */
export function slugOf(title: string): string {
  return (
    oneLine(title)
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/, '') || 'chat'
  );
}

/** Shown under a reply her plan does not cover, in every Markdown of a chat. */
export const TEASER_NOTE = '(Preview — the rest of this reply comes with a plan.)';

/** One message of a chat's document: who wrote it and when (as the document tells time). */
export interface DocumentEntry {
  author: string;
  time: string;
  body: string[];
}

/**
 * A chat as a document: its title, a line on who it is with (`about`: when it was exported,
 * or started and last changed), then each message under who wrote it and when. Empty blocks
 * are left out.
 */
export function chatDocument(chat: {
  title: string;
  bestie: string;
  about: string;
  entries: DocumentEntry[];
}): string {
  const blocks = [
    `# ${headingText(oneLine(chat.title) || `Chat with ${chat.bestie}`)}`,
    `A chat with ${escapeInline(chat.bestie)} (AI) · ${chat.about}`,
  ];
  if (chat.entries.length === 0) blocks.push('_No messages yet._');
  for (const entry of chat.entries) {
    blocks.push(`**${escapeInline(entry.author)}** · ${entry.time}`, ...entry.body);
  }
  return `${blocks.filter((block) => block !== '').join('\n\n')}\n`;
}

/**
 * A screenshot's part of a message: what stands for the picture, the analysis's summary, its
 * text quoted, then her own words only when they are more than the screenshot's text (as the
 * app shows it).
 */
export function screenshotBlocks(shot: {
  picture: string;
  summary: string | undefined;
  extractedText: string | null;
  words: string;
  /** Say so when no text came out (an OCR screenshot); else say nothing of its text. */
  readForText: boolean;
}): string[] {
  const extracted = (shot.extractedText ?? '').trim();
  const words = shot.words.trim();
  const ownWords = words !== '' && words !== extracted.slice(0, words.length);
  return [
    shot.picture,
    shot.summary ? `Summary: ${escapeInline(oneLine(shot.summary))}` : '',
    extracted ? quote(extracted) : shot.readForText ? '> _No text could be extracted_' : '',
    ownWords ? escapeBlock(shot.words) : '',
  ];
}

/** The line under her message that the bestie could not answer, or under one not sent. */
export const failureNote = (why: string) => `_⚠ ${escapeInline(oneLine(why))}_`;
