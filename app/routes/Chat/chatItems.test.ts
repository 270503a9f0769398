import { describe, expect, it } from 'vitest';
import * as crisisReading from '@shared/safety/crisis';
import type { LocalMessage } from '../../db/db';
import { aMessage } from '../../db/testData';
import { awaitsCrisisReading, chatItemsOf, hasCrisis, toChatItem } from './chatItems';
import { UNSURE_READER } from './crisisWarmUp';

function local(overrides: Partial<LocalMessage>): LocalMessage {
  return { ...aMessage({ id: 'm' }), status: 'sent', ...overrides };
}

describe('what kind of row a message is', () => {
  it('her sent message and a full reply are plain messages', () => {
    expect(toChatItem(local({ isUser: true }))).toMatchObject({ kind: 'message', from: 'user' });
    expect(toChatItem(local({ isUser: false }))).toMatchObject({
      kind: 'message',
      from: 'bestie',
      crisis: false,
    });
  });

  it('a message on its way is pending, one that did not make it is failed with its reason', () => {
    expect(toChatItem(local({ status: 'pending' }))).toMatchObject({ kind: 'pending' });
    expect(toChatItem(local({ status: 'failed', failure: 'Not sent.' }))).toMatchObject({
      kind: 'failed',
      failure: 'Not sent.',
    });
  });

  it('a teaser reply is a teaser', () => {
    expect(toChatItem(local({ isUser: false, isTeaser: true }))).toMatchObject({ kind: 'teaser' });
  });

  it('a crisis reply is never a teaser, always whole', () => {
    const item = toChatItem(local({ isUser: false, isTeaser: true, isCrisis: true }));
    expect(item).toMatchObject({ kind: 'message', crisis: true });
  });

  it('a screenshot message is an OCR row with its image and text', () => {
    const item = toChatItem(local({ isOCR: true, imageUrl: '/u/a.png', extractedText: 'Hi' }));
    expect(item).toMatchObject({ kind: 'ocr', imageUrl: '/u/a.png', extractedText: 'Hi' });
  });
});

describe('help on the device', () => {
  const mine = (id: string, message: string, status: LocalMessage['status'] = 'pending') =>
    local({ id, message, isUser: true, status });
  const reply = (replyTo: string, isCrisis: boolean) =>
    local({ id: `r-${replyTo}`, isUser: false, replyTo, isCrisis, message: 'reply' });

  it('follows her message at once when it reads as a crisis, before any reply, even queued', () => {
    const items = chatItemsOf(
      [mine('a', 'rough day'), mine('b', 'i just want to kill myself')],
      crisisReading,
    );
    expect(items.map((item) => item.kind)).toEqual(['pending', 'pending', 'help']);
    expect(hasCrisis(items)).toBe(true);
  });

  it('is not shown for ordinary words', () => {
    const items = chatItemsOf([mine('a', 'this exam is killing me lol', 'sent')], crisisReading);
    expect(items.map((item) => item.kind)).toEqual(['message']);
    expect(hasCrisis(items)).toBe(false);
  });

  it("gives way to the server's crisis reply, which carries the same help", () => {
    const items = chatItemsOf(
      [mine('a', 'i want to die', 'sent'), reply('a', true)],
      crisisReading,
    );
    expect(items.map((item) => item.kind)).toEqual(['message', 'message']);
    expect(hasCrisis(items)).toBe(true);
  });

  it('follows "not really" to the crisis reply\'s "are you safe?", but not in an ordinary chat', () => {
    const afterCrisis = chatItemsOf(
      [mine('a', 'i want to die', 'sent'), reply('a', true), mine('b', 'not really')],
      crisisReading,
    );
    expect(afterCrisis.map((item) => item.kind)).toEqual(['message', 'message', 'pending', 'help']);
    const ordinary = chatItemsOf(
      [mine('a', 'is he into me', 'sent'), reply('a', false), mine('b', 'not really')],
      crisisReading,
    );
    expect(ordinary.map((item) => item.kind)).toEqual(['message', 'message', 'pending']);
  });

  it('reads only her messages still waiting for a reply when told to leave the answered ones', () => {
    const items = chatItemsOf(
      [mine('a', 'i want to die', 'sent'), reply('a', false), mine('b', 'i want to kill myself')],
      crisisReading,
      { readAnswered: false },
    );
    // The server read 'a' before it answered; 'b' has no answer yet: its help cannot wait.
    expect(items.map((item) => item.kind)).toEqual(['message', 'message', 'pending', 'help']);
  });

  it('stays when the reply is not a crisis reply: when unsure, the help stays', () => {
    const items = chatItemsOf(
      [mine('a', 'i want to die', 'sent'), reply('a', false)],
      crisisReading,
    );
    expect(items.map((item) => item.kind)).toEqual(['message', 'help', 'message']);
  });

  it('reads nothing before the reading is in, and says which chats must wait for it', () => {
    const waiting = [mine('a', 'i want to die', 'sent'), reply('a', false), mine('b', 'hi')];
    expect(chatItemsOf(waiting, null).map((item) => item.kind)).toEqual([
      'message',
      'message',
      'pending',
    ]);
    expect(awaitsCrisisReading(waiting)).toBe(true);
    // Every message of hers answered: the chat may be drawn, its help read just after.
    expect(awaitsCrisisReading([mine('a', 'i want to die', 'sent'), reply('a', false)])).toBe(
      false,
    );
    expect(awaitsCrisisReading([])).toBe(false);
  });

  it('with the unsure reader, follows each of her messages still waiting for a reply, and no other', () => {
    const items = chatItemsOf(
      [mine('a', 'hi', 'sent'), reply('a', false), mine('b', 'see you tomorrow')],
      UNSURE_READER,
      { readAnswered: false },
    );
    expect(items.map((item) => item.kind)).toEqual(['message', 'message', 'pending', 'help']);
  });
});
