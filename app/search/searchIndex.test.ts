import { beforeEach, describe, expect, it } from 'vitest';
import type { ChatDoc, MemoryDoc, MessageDoc, SearchDoc } from './documents';
import { SearchIndex } from './searchIndex';

const chat = (chatId: string, title: string): ChatDoc => ({
  kind: 'chat',
  id: `chat:${chatId}`,
  chatId,
  text: title,
  persona: 'Cassie',
  timestamp: '2026-11-25T10:00:00.000Z',
});

const message = (chatId: string, messageId: string, text: string): MessageDoc => ({
  kind: 'message',
  id: `message:${messageId}`,
  chatId,
  messageId,
  text,
  persona: 'Cassie',
  timestamp: '2026-11-25T10:00:00.000Z',
  fromHer: true,
});

const memory = (
  memoryId: string,
  subject: string,
  detail: string,
  persona: string | null = null,
): MemoryDoc => ({
  kind: 'memory',
  id: `memory:${memoryId}`,
  memoryId,
  subject,
  detail,
  text: `${subject}: ${detail}`,
  persona,
  timestamp: '2026-11-25T10:00:00.000Z',
});

const HISTORY: SearchDoc[] = [
  chat('c1', 'The anniversary'),
  message('c1', 'm1', 'my boyfriend forgot our anniversary again'),
  message('c1', 'm2', 'Oh babe, that hurts. Take a breath first.'),
  chat('c2', 'Exam week'),
  message('c2', 'm3', 'my chemistry exam is tomorrow and I am so anxious'),
  message('c2', 'm4', 'You studied for this. Sleep comes first tonight.'),
];

/** What each keystroke's search finds: the ids of its results, best first. */
const found = (index: SearchIndex, query: string) =>
  index.search(query)?.hits.map((hit) => hit.doc.id) ?? null;

let index: SearchIndex;

beforeEach(async () => {
  index = new SearchIndex();
  await index.update(HISTORY);
});

describe('searching as she types', () => {
  it('finds a message by the start of the word she is still typing', () => {
    expect(found(index, 'boyf')).toEqual(['message:m1']);
    expect(found(index, 'chem')).toEqual(['message:m3']);
  });

  it('needs every word she typed, the last one as a prefix', () => {
    expect(found(index, 'exam anx')).toEqual(['message:m3']);
    expect(found(index, 'exam boyf')).toEqual([]);
  });

  it('takes a finished word (a space after it) whole, not as a prefix', () => {
    expect(found(index, 'breath')).toEqual(['message:m2']);
    expect(found(index, 'brea ')).toEqual([]);
  });

  it('forgives one wrong letter in a longer word', () => {
    expect(found(index, 'anniversery ')).toEqual(['chat:c1', 'message:m1']);
  });

  it('finds a chat by its title, above its messages', () => {
    expect(found(index, 'anniv')).toEqual(['chat:c1', 'message:m1']);
    expect(found(index, 'week')).toEqual(['chat:c2']);
  });

  it('looks for nothing while there is only a letter or words found everywhere', () => {
    expect(index.search('b')).toBeNull();
    expect(index.search('the ')).toBeNull();
    expect(index.search('  ')).toBeNull();
  });

  it('ignores case and accents', () => {
    expect(found(index, 'CHEMISTRY')).toEqual(['message:m3']);
    expect(found(index, 'éxam ánxious')).toEqual(['message:m3']);
  });

  it('says what each result opens and which words to mark', () => {
    const [hit] = index.search('chem')!.hits;
    expect(hit).toEqual({
      doc: message('c2', 'm3', 'my chemistry exam is tomorrow and I am so anxious'),
      chatTitle: 'Exam week',
      terms: ['chemistry'],
    });
  });

  it('gives at most the limit asked for, and how many matched in all', () => {
    const answer = index.search('first', 1)!;
    expect(answer.hits).toHaveLength(1);
    expect(answer.total).toBe(2);
  });
});

describe('keeping up with her history', () => {
  it('finds a message she has just sent', async () => {
    await index.update([...HISTORY, message('c2', 'm5', 'the periodic table haunts me')]);
    expect(found(index, 'periodic')).toEqual(['message:m5']);
  });

  it('finds a renamed chat by its new title, and its messages under it', async () => {
    await index.update(HISTORY.map((doc) => (doc.id === 'chat:c2' ? chat('c2', 'Finals') : doc)));
    expect(found(index, 'finals')).toEqual(['chat:c2']);
    expect(found(index, 'week')).toEqual([]);
    expect(index.search('chem')!.hits[0]?.chatTitle).toBe('Finals');
  });

  it('no longer finds a deleted chat or its messages', async () => {
    await index.update(HISTORY.filter((doc) => doc.kind === 'memory' || doc.chatId !== 'c1'));
    expect(found(index, 'anniv')).toEqual([]);
    expect(found(index, 'first')).toEqual(['message:m4']);
  });

  it('finds a message by its new words once they change (a teaser read in full)', async () => {
    const whole = message('c1', 'm2', 'Oh babe, that hurts. Tell him how it felt.');
    await index.update(HISTORY.map((doc) => (doc.id === whole.id ? whole : doc)));
    expect(found(index, 'felt')).toEqual(['message:m2']);
    expect(found(index, 'breath')).toEqual([]);
  });

  it('takes updates asked for while one runs in turn, ending at the newest', async () => {
    const first = index.update([...HISTORY, message('c1', 'm6', 'first draft')]);
    const last = index.update([...HISTORY, message('c1', 'm7', 'second draft')]);
    await Promise.all([first, last]);
    expect(found(index, 'draft')).toEqual(['message:m7']);
  });
});

describe('her memories', () => {
  const EMMA = memory('emma', 'Emma', 'your best friend');
  const LISBON = memory('lisbon', 'Lisbon', 'where Emma is moving');

  beforeEach(async () => {
    await index.update([...HISTORY, EMMA, LISBON]);
  });

  it('finds a memory by the start of what it is about, or of what is kept of it', () => {
    expect(found(index, 'lisb')).toEqual(['memory:lisbon']);
    expect(found(index, 'emm')).toEqual(['memory:emma', 'memory:lisbon']);
    expect(found(index, 'best fr')).toEqual(['memory:emma']);
  });

  it('forgives one wrong letter in a longer word of a memory', () => {
    expect(found(index, 'lisbom ')).toEqual(['memory:lisbon']);
  });

  it('says which memory a result is, with no chat, and which words to mark', () => {
    const [hit] = index.search('lisb')!.hits;
    expect(hit).toEqual({ doc: LISBON, chatTitle: '', terms: ['lisbon'] });
  });

  it('keeps a memory among the results when a hundred messages hold the same word', async () => {
    const many = Array.from({ length: 100 }, (_, n) =>
      message('c1', `e${n}`, `Emma texted me again and again about the party (${n})`),
    );
    await index.update([...HISTORY, ...many, EMMA]);
    const answer = index.search('emma')!;
    expect(answer.total).toBe(101);
    expect(answer.hits.map((hit) => hit.doc.id)).toContain('memory:emma');
  });

  it('finds an edited memory by its new words, and shows who remembers it now', async () => {
    const edited = memory('emma', 'Emma', 'my oldest friend');
    await index.update([...HISTORY, edited, LISBON]);
    expect(found(index, 'oldest')).toEqual(['memory:emma']);
    expect(found(index, 'best ')).toEqual([]);
    const keptByBrooke = memory('emma', 'Emma', 'my oldest friend', 'Brooke');
    await index.update([...HISTORY, keptByBrooke, LISBON]);
    expect(index.search('oldest')!.hits[0]?.doc).toEqual(keptByBrooke);
  });

  it('no longer finds a memory she forgot', async () => {
    await index.update([...HISTORY, LISBON]);
    expect(found(index, 'emm')).toEqual(['memory:lisbon']);
    expect(found(index, 'friend')).toEqual([]);
  });
});
