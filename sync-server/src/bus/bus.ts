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

/**
 * What one NOTIFY carries on PostgreSQL: the payloads published while the one before was on
 * its way, each after its length (`5:hello3:bye`), behind a number of the sender's own (a
 * transaction's NOTIFYs of the same text would be delivered once). PostgreSQL takes 7999
 * bytes at most; a payload is at most PAYLOAD_MAX_BYTES, so one always fits with its length.
 */
const PACK_MAX_BYTES = 7990;

/** Room kept in a pack for its number and `;`. */
const PACK_HEADER_BYTES = 20;

/** Packs payloads into as few NOTIFY payloads as fit, keeping their order. */
export function packPayloads(payloads: string[], firstNumber: number): string[] {
  const packs: string[] = [];
  let items = '';
  let bytes = 0;
  const close = () => {
    packs.push(`${firstNumber + packs.length};${items}`);
    items = '';
    bytes = 0;
  };
  for (const payload of payloads) {
    const item = `${payload.length}:${payload}`;
    const size = Buffer.byteLength(item);
    if (items !== '' && bytes + size > PACK_MAX_BYTES - PACK_HEADER_BYTES) close();
    items += item;
    bytes += size;
  }
  if (items !== '') close();
  return packs;
}

/** The payloads of one NOTIFY payload made by packPayloads, in order. */
export function unpackPayloads(pack: string): string[] {
  const payloads: string[] = [];
  let at = pack.indexOf(';') + 1;
  while (at > 0 && at < pack.length) {
    const colon = pack.indexOf(':', at);
    const length = Number(pack.slice(at, colon));
    if (colon < 0 || !Number.isInteger(length)) break;
    payloads.push(pack.slice(colon + 1, colon + 1 + length));
    at = colon + 1 + length;
  }
  return payloads;
}

/** How long the PostgreSQL bus waits before connecting again, doubling up to the maximum. */
const RECONNECT_MIN_MS = 200;
const RECONNECT_MAX_MS = 5000;

/**
 * The bus over PostgreSQL: one connection of its own LISTENs on every channel and sends every
 * NOTIFY (one connection, so what this process publishes keeps its order). What is published
 * while a NOTIFY is on its way goes in the next one, packed (packPayloads): a reply's pieces
 * come faster than one round trip each, and queued one by one they would fall behind. When it is lost
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
  /** Published and not sent yet, by channel, in order. */
  let queued: { channel: Channel; payload: string }[] = [];
  let sending: Promise<void> | null = null;
  let packsSent = 0;

  const connect = (): Promise<void> => {
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString: url });
      next.on('notification', (message) => {
        for (const payload of unpackPayloads(message.payload ?? '')) {
          emitter.emit(message.channel, payload);
        }
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

  /** Sends what is queued, and what is queued meanwhile, until nothing is left. */
  async function sendQueued(): Promise<void> {
    await started;
    while (queued.length > 0) {
      const batch = queued;
      queued = [];
      // Runs of one channel, in the order published.
      const runs: { channel: Channel; payloads: string[] }[] = [];
      for (const { channel, payload } of batch) {
        const last = runs.at(-1);
        if (last?.channel === channel) last.payloads.push(payload);
        else runs.push({ channel, payloads: [payload] });
      }
      for (const run of runs) {
        const packs = packPayloads(run.payloads, packsSent);
        packsSent += packs.length;
        for (const pack of packs) {
          if (!client) {
            logger.debug(
              { channel: run.channel },
              'bus message dropped: PostgreSQL is out of reach',
            );
            continue;
          }
          try {
            await client.query('SELECT pg_notify($1, $2)', [run.channel, pack]);
          } catch (error) {
            logger.debug({ err: error, channel: run.channel }, 'bus message dropped');
          }
        }
      }
    }
  }

  const started = connect().catch((error: unknown) => {
    logger.warn({ err: error }, 'the bus could not reach PostgreSQL; it keeps trying');
    retry();
  });

  return {
    publish(channel, payload) {
      checkSize(payload);
      queued.push({ channel, payload });
      sending ??= sendQueued().finally(() => {
        sending = null;
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
