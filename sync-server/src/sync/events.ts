import { PassThrough } from 'node:stream';
import { SYNC_CHANGED_EVENT } from '@shared/sync';
import type { SyncChangedEvent } from '@shared/sync';
import { changeSeqOfUser } from '../chats/changes';
import type { Deps } from '../deps';
import { tooManyRequests } from '../http/errors';
import type { AppContext } from '../http/types';
import { changeFeed } from './notify';

/** A comment this often keeps proxies (and their idle timeouts) from closing a quiet stream. */
export const HEARTBEAT_MS = 25_000;
/** Streams one account may hold open in one process: a phone, a laptop, a few tabs. */
export const MAX_STREAMS_PER_USER = 10;
/** How long a browser's EventSource waits before it connects again by itself. */
export const RETRY_MS = 1000;

const changedFrame = (data: SyncChangedEvent) =>
  `event: ${SYNC_CHANGED_EVENT}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * Answers GET /api/sync/events for her: a server-sent events stream that says `changed` (with
 * her change sequence number, never her data) whenever her rows change, from any device or
 * job, and a comment every 25 s. Never compressed or buffered; ends when she hangs up or the
 * server shuts down. A 429 past MAX_STREAMS_PER_USER open streams.
 */
export function streamChanges(deps: Deps, ctx: AppContext, userId: string): void {
  const feed = changeFeed(deps.db);
  if (feed.subscribers(userId) >= MAX_STREAMS_PER_USER) {
    throw tooManyRequests(HEARTBEAT_MS / 1000, 'Too many live sync streams are open.');
  }
  const stream = new PassThrough();
  ctx.req.socket.setTimeout(0);
  ctx.compress = false;
  ctx.set({
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-store, no-transform',
    'X-Accel-Buffering': 'no',
  });
  ctx.status = 200;
  ctx.body = stream;

  const write = (text: string) => {
    if (!stream.writableEnded && !stream.destroyed) stream.write(text);
  };
  const heartbeat = setInterval(() => write(': still here\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  let unsubscribe = () => {};
  const end = () => {
    clearInterval(heartbeat);
    unsubscribe();
    stream.end();
  };
  unsubscribe = feed.subscribe(userId, {
    changed: (account) =>
      write(
        changedFrame({ seq: changeSeqOfUser(deps, userId), ...(account ? { account: true } : {}) }),
      ),
    closed: end,
  });
  // The comment gets the headers out at once, so her EventSource opens before any change.
  write(`retry: ${RETRY_MS}\n: following her changes\n\n`);
  ctx.res.once('close', end);
}
