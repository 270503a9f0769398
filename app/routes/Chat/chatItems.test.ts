import { describe, expect, it } from 'vitest';
import type { LocalMessage } from '../../db/db';
import { aMessage } from '../../db/testData';
import { toChatItem } from './chatItems';

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
