import type { Chat, ChatMessage } from '@shared/chat';
import {
  chatDocument,
  escapeBlock,
  escapeInline,
  failureNote,
  oneLine,
  screenshotBlocks,
  slugOf,
  TEASER_NOTE,
} from '@shared/markdown';

/**
 * The complete export's documents: each chat as Markdown and the README that leads
 * to them. They are written from the presented chat (what data.json holds), so a reply her
 * plan does not cover is its teaser here too. Times are UTC: the server does not know hers.
 */

/** Where an image URL of hers lies in the zip, relative to the zip's root; else undefined. */
export type ImagePathOf = (imageUrl: string) => string | undefined;

/** 2026-11-25 10:01 UTC */
export function utcTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'unknown time';
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** `chats/0007-2026-11-25-boy-trouble.md`: numbered in the export's order, so never two alike. */
export function chatFileName(
  chat: { title: string; createdAt: number; personaName: string },
  place: { index: number; count: number; dir: string },
): string {
  const number = String(place.index + 1).padStart(Math.max(4, String(place.count).length), '0');
  const day = new Date(chat.createdAt).toISOString().slice(0, 10);
  return `${place.dir}/${number}-${day}-${slugOf(chat.title || `Chat with ${chat.personaName}`)}.md`;
}

/**
 * One chat as a document: its title, who it is with and when, then each message under who
 * wrote it and when. A screenshot links its file (`imagePathOf`, from the zip's root; the
 * document sits one folder down, in chats/).
 */
export function chatMarkdown(chat: Chat, imagePathOf: ImagePathOf): string {
  return chatDocument({
    title: chat.title,
    bestie: chat.persona.name,
    about: `started ${utcTime(chat.timestamp)} · last changed ${utcTime(chat.updatedAt)}`,
    entries: chat.messages.map((message) => ({
      author: message.isUser ? 'You' : chat.persona.name,
      time: utcTime(message.timestamp),
      body: bodyOf(message, imagePathOf),
    })),
  });
}

function bodyOf(message: ChatMessage, imagePathOf: ImagePathOf): string[] {
  const failure = message.replyError ? failureNote(message.replyError) : '';
  if (!message.isOCR && !message.imageUrl) {
    return [escapeBlock(message.message), message.isTeaser ? `_${TEASER_NOTE}_` : '', failure];
  }
  const path = message.imageUrl ? imagePathOf(message.imageUrl) : undefined;
  return [
    ...screenshotBlocks({
      picture: path
        ? `![Screenshot](../${encodeURI(path)})`
        : '_Screenshot (its file is no longer kept)_',
      summary: message.ocrAnalysis?.summary,
      extractedText: message.extractedText,
      words: message.message,
      readForText: message.isOCR,
    }),
    failure,
  ];
}

export interface ReadmeContents {
  exportedAt: string;
  who: string;
  profilePicture: string | undefined;
  dataFile: string;
  chats: Array<{ file: string; title: string; bestie: string; createdAt: number }>;
  unsentScreenshots: Array<{ file: string; uploadedAt: number }>;
}

/** The zip's README.md: what is in it, her picture, a link to each chat and each unsent screenshot. */
export function readmeMarkdown(contents: ReadmeContents): string {
  const link = (file: string) => encodeURI(file);
  const blocks = [
    '# Your Besties data',
    `Everything of ${escapeInline(contents.who)}'s, exported ${utcTime(contents.exportedAt)}.`,
    contents.profilePicture ? `![Your profile picture](${link(contents.profilePicture)})` : '',
    [
      `- [${contents.dataFile}](${link(contents.dataFile)}): all of it as data (JSON), the same ` +
        "file as 'Download my data' gives: your profile, every chat and message, your " +
        "screenshots' text and analyses, your purchases, your devices and what your besties remember.",
      '- chats/: each chat as a document you can read.',
      '- images/: your profile picture and your screenshots, as stored.',
    ].join('\n'),
    '## Chats',
    contents.chats.length === 0
      ? '_No chats._'
      : contents.chats
          .map(
            (chat, index) =>
              `${index + 1}. [${escapeInline(oneLine(chat.title) || `Chat with ${chat.bestie}`)}]` +
              `(${link(chat.file)}) · with ${escapeInline(chat.bestie)} · started ` +
              utcTime(new Date(chat.createdAt).toISOString()),
          )
          .join('\n'),
  ];
  if (contents.unsentScreenshots.length > 0) {
    blocks.push(
      '## Screenshots you uploaded but never sent',
      contents.unsentScreenshots
        .map(
          (shot) =>
            `- ![Screenshot uploaded ${utcTime(new Date(shot.uploadedAt).toISOString())}]` +
            `(${link(shot.file)})`,
        )
        .join('\n'),
    );
  }
  return `${blocks.filter((block) => block !== '').join('\n\n')}\n`;
}
