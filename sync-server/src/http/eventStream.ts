import { PassThrough } from 'node:stream';
import type { AppContext } from './types';

/** One server-sent event, as its frame goes on the wire. */
export const eventFrame = (event: string, data: unknown) =>
  `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export interface EventStream {
  /** Writes a frame or a comment; nothing once the stream has ended or she hung up. */
  write: (text: string) => void;
  end: () => void;
}

/**
 * Starts a text/event-stream answer: never compressed or buffered (by Koa or a proxy), no
 * socket timeout. The reply stream (replies/stream.ts) and the live sync channel
 * (sync/events.ts) answer through it.
 */
export function openEventStream(
  ctx: AppContext,
  props: { status: number; cacheControl: string },
): EventStream {
  const stream = new PassThrough();
  ctx.req.socket.setTimeout(0);
  ctx.compress = false;
  ctx.set({
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': props.cacheControl,
    'X-Accel-Buffering': 'no',
  });
  ctx.status = props.status;
  ctx.body = stream;
  return {
    write: (text) => {
      if (!stream.writableEnded && !stream.destroyed) stream.write(text);
    },
    end: () => stream.end(),
  };
}
