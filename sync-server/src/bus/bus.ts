import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { Logger } from '../logger';

/**
 * "Something happened" between the processes that serve Besties: a user's data changed (her
 * devices should pull), a reply is being written (its pieces, for a device connected to
 * another process). On SQLite there is one process and the bus is an in-process emitter; on
 * PostgreSQL it is LISTEN/NOTIFY, so every process hears what any process published, itself
 * included. It carries signals and small pieces of text, never rows: a listener reads the
 * database for the data itself.
 */
export interface Bus {
  /**
   * Sends `payload` (at most PAYLOAD_MAX_BYTES of UTF-8) to every listener of `channel`, in
   * every process. Publish after the write it announces has committed. Payloads published by
   * one process arrive in the order they were published.
   */
  publish(channel: Channel, payload: string): void;
  subscribe(channel: Channel, listener: (payload: string) => void): () => void;
  /**
   * `hook` runs when the bus may have missed messages (PostgreSQL's listening connection was
   * lost and is back): listeners should catch up from the database.
   */
  onResume(hook: () => void): () => void;
  close(): Promise<void>;
}

export type Channel = 'besties_changes' | 'besties_replies';

const CHANNELS: Channel[] = ['besties_changes', 'besties_replies'];

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
export const PAYLOAD_MAX_BYTES = 7900;

function checkSize(payload: string): void {
  if (Buffer.byteLength(payload) > PAYLOAD_MAX_BYTES) {
    throw new RangeError(`A bus payload is at most ${PAYLOAD_MAX_BYTES} bytes`);
  }
}

/** The bus of one process (SQLite): listeners hear a payload on the next turn of the loop. */
export function localBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish(channel, payload) {
      checkSize(payload);
      setImmediate(() => emitter.emit(channel, payload));
    },
    subscribe(channel, listener) {
      emitter.on(channel, listener);
      return () => emitter.off(channel, listener);
    },
    onResume: () => () => {},
    close: () => Promise.resolve(),
  };
}

/** How long the PostgreSQL bus waits before connecting again, doubling up to the maximum. */
const RECONNECT_MIN_MS = 200;
const RECONNECT_MAX_MS = 5000;

/**
 * The bus over PostgreSQL: one connection of its own LISTENs on every channel and sends every
 * NOTIFY (one connection, so what this process publishes keeps its order). When it is lost
 * (PostgreSQL restarted) it connects again by itself, with backoff; what was published
 * meanwhile is gone, so `onResume` hooks run once it is back. A payload published while it is
 * down is dropped (logged at debug): every listener also reads the database on resume.
 */
export function postgresBus(url: string, logger: Logger): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const resumeHooks = new Set<() => void>();
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let closed = false;
  let delay = RECONNECT_MIN_MS;
  let everConnected = false;
  let sending: Promise<unknown> = Promise.resolve();

  const connect = (): Promise<void> => {
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString: url });
      next.on('notification', (message) => {
        emitter.emit(message.channel, message.payload ?? '');
      });
      next.on('error', (error) => {
        logger.warn({ err: error }, 'the bus lost its PostgreSQL connection');
        lost(next);
      });
      next.on('end', () => lost(next));
      try {
        await next.connect();
        for (const channel of CHANNELS) await next.query(`LISTEN ${channel}`);
      } catch (error) {
        await next.end().catch(() => {});
        throw error;
      }
      client = next;
      delay = RECONNECT_MIN_MS;
      if (everConnected) {
        logger.info('the bus is back on PostgreSQL');
        for (const hook of [...resumeHooks]) hook();
      }
      everConnected = true;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  const retry = (): void => {
    if (closed) return;
    const wait = delay;
    delay = Math.min(delay * 2, RECONNECT_MAX_MS);
    setTimeout(() => {
      connect().catch((error: unknown) => {
        logger.debug({ err: error }, 'the bus could not reach PostgreSQL yet');
        retry();
      });
    }, wait).unref();
  };

  const lost = (which: pg.Client): void => {
    if (client !== which) return;
    client = null;
    void which.end().catch(() => {});
    retry();
  };

  const started = connect().catch((error: unknown) => {
    logger.warn({ err: error }, 'the bus could not reach PostgreSQL; it keeps trying');
    retry();
  });

  return {
    publish(channel, payload) {
      checkSize(payload);
      sending = sending
        .then(async () => {
          await started;
          if (!client) {
            logger.debug({ channel }, 'bus message dropped: PostgreSQL is out of reach');
            return;
          }
          await client.query('SELECT pg_notify($1, $2)', [channel, payload]);
        })
        .catch((error: unknown) => {
          logger.debug({ err: error, channel }, 'bus message dropped');
        });
    },
    subscribe(channel, listener) {
      emitter.on(channel, listener);
      return () => emitter.off(channel, listener);
    },
    onResume(hook) {
      resumeHooks.add(hook);
      return () => resumeHooks.delete(hook);
    },
    async close() {
      closed = true;
      await sending;
      await connecting?.catch(() => {});
      const last = client;
      client = null;
      await last?.end().catch(() => {});
    },
  };
}
