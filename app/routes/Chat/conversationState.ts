/**
 * What the open chat (Conversation.tsx) remembers of her sending, as one state (CONTRIBUTING
 * §9): the login modal, and her words that wait to go. One event moves both (a visitor's send
 * holds her words and opens the login), so they change together here, never out of step.
 * The screen's other state is not part of it: whether the chat has been on screen yet, and the
 * screenshot dialog, are facts of their own that no event here touches.
 *
 * Each event is a named function from one state to the next, rather than a { type } object
 * read by a switch: the same machine, with names the build can shorten (the chat's first load
 * has a byte budget, bench/bundle.ts).
 */

/** The login modal: never asked for (not fetched nor mounted), open, or closed but kept
 * mounted, with what she typed in it. */
export type LoginModal = 'unasked' | 'open' | 'closed';

/** Her words waiting in her box: none; sent before the chat was read (which bestie is it?),
 * they go once it is; or a visitor's, held while she signs up, then sent to the chat
 * heldWords.ts picks. */
export type WaitingWords =
  { kind: 'none' } | { kind: 'untilRead' } | { kind: 'untilSignedIn'; text: string; at: string };

export interface ConversationState {
  login: LoginModal;
  waiting: WaitingWords;
}

/** Something that happened, as the change it makes. One that changes nothing gives back the
 * same state, so the screen does not draw again. */
export type ConversationEvent = (state: ConversationState) => ConversationState;

const NONE: WaitingWords = { kind: 'none' };
const UNTIL_READ: WaitingWords = { kind: 'untilRead' };

export const initialConversationState: ConversationState = { login: 'unasked', waiting: NONE };

/** Gives each event to the state (for useReducer). */
export const conversationReducer = (state: ConversationState, event: ConversationEvent) =>
  event(state);

/** A visitor sent words: they are held, and the login opens. */
export const visitorSent =
  (text: string, at: string): ConversationEvent =>
  () => ({ login: 'open', waiting: { kind: 'untilSignedIn', text, at } });

/** The login opens: a visitor asked for something only an account has (a screenshot). */
export const loginOpened: ConversationEvent = (state) =>
  state.login === 'open' ? state : { ...state, login: 'open' };

/** The login closed itself (she dismissed it, or signed in): it stays mounted, with what she
 * typed, unless it was never asked for. */
export const loginClosed: ConversationEvent = (state) =>
  state.login === 'open' ? { ...state, login: 'closed' } : state;

/** She sent while the chat was still loading. Words held for her sign-up stay held. */
export const sentBeforeRead: ConversationEvent = (state) =>
  state.waiting.kind === 'none' ? { ...state, waiting: UNTIL_READ } : state;

/** The chat is read: the words waiting for it go now (the screen sends them). */
export const chatRead: ConversationEvent = (state) =>
  state.waiting.kind === 'untilRead' ? { ...state, waiting: NONE } : state;

/** A visitor's held words, now she is signed in, went to her chat. */
export const heldWordsSent: ConversationEvent = (state) =>
  state.waiting.kind === 'untilSignedIn' ? { ...state, waiting: NONE } : state;
