import { canUsePersonaFully } from '@shared/personas';
import type { Persona } from '@shared/personas';
import type { ChatMessage, ReplyStreamEvent } from '@shared/chat';
import type { SubscriptionTier } from '@shared/user';
import type { Deps } from '../deps';
import { eventFrame, openEventStream } from '../http/eventStream';
import type { AppContext } from '../http/types';
import { presentMessage } from '../chats/present';
import { followReply } from './watch';

export const wantsEventStream = (ctx: AppContext) =>
  ctx.get('Accept').toLowerCase().includes('text/event-stream');

/** The reply's event stream: its events, and a comment that gets the headers out at once. */
function openReplyStream(ctx: AppContext, status: number) {
  const stream = openEventStream(ctx, { status, cacheControl: 'no-cache' });
  return {
    send: ({ event, data }: ReplyStreamEvent) => stream.write(eventFrame(event, data)),
    /** A comment line, which event parsers skip: it gets the headers out before any event. */
    open: () => stream.write(': following the reply\n\n'),
    end: stream.end,
  };
}

/**
 * Answers with server-sent events that follow the reply job of her message `messageId`:
 * `user` first when `userMessage` is given, then `delta`s, then `reply` or `error`.
 * The job's pieces are sent only when her tier gets the reply in full; otherwise (a teaser,
 * a crisis reply) the presented text goes out as one delta once stored, so a free user never
 * receives more than the opening. A reply stored before the stream began comes as `reply`
 * alone, or after one delta of its text with `replayAsDelta`. Hanging up stops the following,
 * not the job.
 */
export async function streamReply(
  deps: Deps,
  ctx: AppContext,
  props: {
    status: number;
    viewer: { tier: SubscriptionTier; persona: Persona };
    messageId: string;
    userMessage?: ChatMessage;
    replayAsDelta: boolean;
  },
): Promise<void> {
  const { viewer } = props;
  const stream = openReplyStream(ctx, props.status);
  if (props.userMessage) stream.send({ event: 'user', data: props.userMessage });
  else stream.open();
  const streamsPieces = canUsePersonaFully(viewer.tier, viewer.persona);
  let streamed = false;
  let following = false;
  // She may hang up while the stored outcome is looked up: the following stops once it starts.
  let hungUp = false;
  let stop: (() => void) | undefined = undefined;
  ctx.res.once('close', () => {
    hungUp = true;
    stop?.();
  });
  stop = await followReply(deps, props.messageId, (event) => {
    if (event.type === 'delta') {
      if (!streamsPieces) return;
      streamed = true;
      stream.send({ event: 'delta', data: { text: event.text } });
      return;
    }
    if (event.type === 'reply') {
      const shown = presentMessage(event.reply, viewer);
      if (!streamed && (following || props.replayAsDelta)) {
        stream.send({ event: 'delta', data: { text: shown.message } });
      }
      stream.send({ event: 'reply', data: shown });
    } else {
      stream.send({
        event: 'error',
        data: { message: event.error.message, code: event.error.code },
      });
    }
    stream.end();
  });
  following = true;
  if (hungUp) stop();
}
