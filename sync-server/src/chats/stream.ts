import { PassThrough } from 'node:stream';
import { canUsePersonaFully } from '@shared/personas';
import type { ReplyStreamEvent } from '@shared/chat';
import type { SubscriptionTier } from '@shared/user';
import type { Deps } from '../deps';
import { AppError, internalError } from '../http/errors';
import type { AppContext } from '../http/types';
import { ReplyAborted } from '../replies/errors';
import type { UserRow } from '../users/repo';
import { presentMessage } from './present';
import type { AcceptedMessage } from './send';
import { writeReply } from './reply';

export const wantsEventStream = (ctx: AppContext) =>
  ctx.get('Accept').toLowerCase().includes('text/event-stream');

/**
 * A signal that fires when the client hangs up before her answer is finished (the response
 * closes unfinished), so the provider stops generating.
 */
export function abortOnHangUp(ctx: AppContext): AbortSignal {
  const controller = new AbortController();
  ctx.res.once('close', () => {
    if (!ctx.res.writableFinished) controller.abort();
  });
  return controller.signal;
}

const frame = ({ event, data }: ReplyStreamEvent) =>
  `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * Answers with server-sent events: `user`, then `delta`s, then `reply` or `error`.
 * The provider's pieces are streamed only when her tier gets the reply in full; otherwise
 * (a teaser, a crisis reply, a repeat) the presented text goes out as one delta once stored,
 * so a free user never receives more than the opening.
 * If she hangs up mid-reply the provider is stopped and nothing is stored (a resend of the
 * same message id writes the reply then).
 */
export function streamReply(
  deps: Deps,
  ctx: AppContext,
  props: { user: UserRow; tier: SubscriptionTier; accepted: AcceptedMessage; signal: AbortSignal },
): void {
  const { accepted, tier, signal } = props;
  const viewer = { tier, persona: accepted.persona };
  const stream = new PassThrough();
  const send = (event: ReplyStreamEvent) => {
    if (!stream.writableEnded && !stream.destroyed) stream.write(frame(event));
  };

  ctx.req.socket.setTimeout(0);
  ctx.compress = false;
  ctx.set({
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache',
    'X-Accel-Buffering': 'no',
  });
  ctx.status = accepted.isNew || !accepted.reply ? 201 : 200;
  ctx.body = stream;

  send({ event: 'user', data: presentMessage(accepted.userMessage, viewer) });
  const streamsPieces = canUsePersonaFully(tier, accepted.persona);
  let streamed = false;
  const onText = streamsPieces
    ? (text: string) => {
        streamed = true;
        send({ event: 'delta', data: { text } });
      }
    : undefined;

  writeReply(deps, { user: props.user, accepted, signal, onText })
    .then((reply) => {
      const shown = presentMessage(reply, viewer);
      if (!streamed) send({ event: 'delta', data: { text: shown.message } });
      send({ event: 'reply', data: shown });
    })
    .catch((error: unknown) => {
      if (error instanceof ReplyAborted) return;
      const known = error instanceof AppError ? error : internalError();
      if (!(error instanceof AppError)) {
        deps.logger.error({ err: error }, 'streamed reply failed');
      }
      send({ event: 'error', data: { message: known.message, code: known.code } });
    })
    .finally(() => stream.end());
}
