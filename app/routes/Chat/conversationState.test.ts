import { describe, expect, it } from 'vitest';
import {
  chatRead,
  conversationReducer,
  heldWordsSent,
  initialConversationState,
  loginClosed,
  loginOpened,
  sentBeforeRead,
  visitorSent,
  type ConversationEvent,
  type ConversationState,
} from './conversationState';

const AT = '2026-01-02T03:04:05.000Z';
const LATER = '2026-01-02T03:05:00.000Z';

function after(...events: ConversationEvent[]): ConversationState {
  return events.reduce(conversationReducer, initialConversationState);
}

describe('conversationState: the login modal and her words waiting to go', () => {
  it('starts with the login never asked for and no words waiting', () => {
    expect(initialConversationState).toEqual({ login: 'unasked', waiting: { kind: 'none' } });
  });

  it("holds a visitor's words and opens the login when she sends", () => {
    expect(after(visitorSent('hi', AT))).toEqual({
      login: 'open',
      waiting: { kind: 'untilSignedIn', text: 'hi', at: AT },
    });
  });

  it('keeps the login mounted, closed, once she dismisses it, and opens it again', () => {
    const closed = after(loginOpened, loginClosed);
    expect(closed.login).toBe('closed');
    expect(conversationReducer(closed, loginOpened).login).toBe('open');
  });

  it('keeps her held words when she dismisses the login, and holds her newer words instead', () => {
    const dismissed = after(visitorSent('hi', AT), loginClosed);
    expect(dismissed).toEqual({
      login: 'closed',
      waiting: { kind: 'untilSignedIn', text: 'hi', at: AT },
    });
    expect(conversationReducer(dismissed, visitorSent('hi again', LATER))).toEqual({
      login: 'open',
      waiting: { kind: 'untilSignedIn', text: 'hi again', at: LATER },
    });
  });

  it('lets her held words go once they are sent, leaving the login as it is', () => {
    expect(after(visitorSent('hi', AT), loginClosed, heldWordsSent)).toEqual({
      login: 'closed',
      waiting: { kind: 'none' },
    });
  });

  it('a login closing before it was ever asked for stays unasked (nothing to keep mounted)', () => {
    expect(after(loginClosed)).toBe(initialConversationState);
  });

  it('waits for the chat to be read when she sends before it is, then lets the words go', () => {
    const waiting = after(sentBeforeRead);
    expect(waiting).toEqual({ login: 'unasked', waiting: { kind: 'untilRead' } });
    expect(conversationReducer(waiting, chatRead)).toEqual(initialConversationState);
  });

  it('never lets a send before the chat is read replace words held for her sign-up', () => {
    const held = after(visitorSent('hi', AT));
    expect(conversationReducer(held, sentBeforeRead)).toBe(held);
    expect(conversationReducer(held, chatRead)).toBe(held);
  });

  it('gives back the same state for an event that changes nothing, so nothing redraws', () => {
    const open = after(loginOpened);
    expect(conversationReducer(open, loginOpened)).toBe(open);
    const waiting = after(sentBeforeRead);
    expect(conversationReducer(waiting, sentBeforeRead)).toBe(waiting);
    expect(conversationReducer(waiting, heldWordsSent)).toBe(waiting);
    expect(conversationReducer(initialConversationState, chatRead)).toBe(initialConversationState);
  });
});
