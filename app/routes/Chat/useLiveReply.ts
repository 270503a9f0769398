import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { ChatMessage } from '@shared/chat';

/** What the screen needs of a reply that just arrived (a teaser brings the upgrade nudge). */
export type NewReply = Pick<ChatMessage, 'isTeaser' | 'isCrisis'>;
import type { LocalMessage } from '../../db/db';
import { writtenOnThisDevice } from '../../db/outbox';
import type { ReplyStreamEnd } from '../../http/chats';
import { failureOf } from '../../http/client';
import { requestSync } from '../../sync/requestSync';
import { useSyncStore } from '../../sync/useSyncStore';

/** A reply written longer ago than this is not news when it reaches the device. */
const FRESH_REPLY_MS = 2 * 60_000;

/** How long to wait before reading a reply stream again after it broke off. */
const READ_AGAIN_MS = [1000, 3000, 10_000];

/**
 * The bestie's reply on its way in the open chat: '' while she waits (typing dots), then its
 * text so far; undefined when no reply is awaited. Once the server has her message, the reply
 * is read as it is written (a GET stream, never a write); when it is done the sync engine is
 * asked to pull it, and the streamed text stays until the saved reply takes its place.
 * `onReply` hears of the reply to each message she sends here, once it is on the device.
 * `ready`: `messages` is the chat as the device holds it (not a loading placeholder).
 */
export function useLiveReply(
  chatId: string,
  messages: LocalMessage[],
  ready: boolean,
  onReply: (reply: NewReply) => void,
): string | undefined {
  const offline = useSyncStore((state) => state.status === 'offline');
  // Her newest message, while no reply answers it (a reply to an earlier one may come after it).
  const newest = messages.findLast((message) => message.isUser);
  // A reply she asked to have written again (`rewriting`) answers nothing until it comes back.
  const answered = (id: string) =>
    messages.find((message) => message.replyTo === id && !message.rewriting);
  const awaiting =
    newest && newest.status !== 'failed' && !newest.replyError && !answered(newest.id)
      ? newest
      : null;
  // Read once the server has her message, and has her asking for the reply again.
  const readId =
    awaiting?.status === 'sent' && !messages.some((message) => message.rewriting === 'asked')
      ? awaiting.id
      : null;
  const [live, setLive] = useState<{ id: string; text: string } | null>(null);
  // Its reply came: what streamed goes, so a reply asked for again starts from nothing.
  if (!awaiting && live) setLive(null);
  const [readAgain, setReadAgain] = useState({ id: '', attempt: 0 });
  const attempt = readAgain.id === readId ? readAgain.attempt : 0;

  // The reply to a message she sent while here, however it arrived (stream or pull): once.
  const [waitedFor, setWaitedFor] = useState<string | null>(null);
  if (awaiting && waitedFor !== awaiting.id) setWaitedFor(awaiting.id);
  const answerId = (waitedFor && answered(waitedFor)?.id) ?? null;
  const replied = useEffectEvent((id: string) => {
    const reply = messages.find((message) => message.id === id);
    if (reply) onReply(reply);
  });
  useEffect(() => {
    if (answerId) replied(answerId);
  }, [answerId]);
  // A fast reply may reach the screen with her message in one read of the device (never seen
  // waiting above): a fresh reply to her newest message, both new since the last read, is it.
  const shown = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!ready) return;
    const before = shown.current;
    shown.current = new Set(messages.map((message) => message.id));
    const hers = messages.findLast((message) => message.isUser);
    const reply = hers && messages.find((message) => message.replyTo === hers.id);
    if (!before || !hers || !reply || before.has(hers.id) || before.has(reply.id)) return;
    // Hers from this device (not a chat the first sync fills), and the reply new.
    if (!writtenOnThisDevice(hers.id)) return;
    if (Date.now() - Date.parse(reply.timestamp) < FRESH_REPLY_MS) replied(reply.id);
  }, [messages, ready]);

  useEffect(() => {
    if (!readId) return;
    const controller = new AbortController();
    let again: number | undefined;
    let text = '';
    const readAgainLater = () => {
      const delay = READ_AGAIN_MS[attempt];
      if (delay === undefined) return;
      again = window.setTimeout(() => setReadAgain({ id: readId, attempt: attempt + 1 }), delay);
    };
    // The stream reader loads with her first send, not with the screen.
    import('../../http/chats')
      .then(({ readReplyStream }): Promise<ReplyStreamEnd> =>
        readReplyStream(
          chatId,
          readId,
          (piece) => {
            text += piece;
            setLive({ id: readId, text });
          },
          controller.signal,
        ),
      )
      .then((end) => {
        if (end.kind === 'cut-off') readAgainLater();
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const failure = failureOf(error);
        if (failure.kind === 'offline' || failure.kind === 'server') readAgainLater();
      })
      .finally(() => {
        // The saved reply (or why it failed) reaches the device through the pull.
        if (!controller.signal.aborted) void requestSync();
      });
    return () => {
      controller.abort();
      window.clearTimeout(again);
    };
  }, [chatId, readId, attempt]);

  if (!awaiting || (awaiting.status === 'pending' && offline)) return undefined;
  return live?.id === awaiting.id ? live.text : '';
}
