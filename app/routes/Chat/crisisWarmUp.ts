import { useEffect, useState } from 'react';
import type * as Reading from './crisisReading';
import { lazyModule, useLazyModule } from '../../components/lazyModule';

/**
 * The crisis reading on the chat screen. Its patterns (a few hundred regular expressions, ~13 kB
 * gzip with their word lists) and its classifier's weights (classifier-weights.ts, ~45 kB gzip,
 * imported by crisis.ts so they travel in the same chunk) are not part of the screen's first
 * load: they load as the screen opens, alongside the chat itself, and a chat that
 * holds a message of hers still waiting for a reply is not drawn until they are in (see
 * Conversation), so her help never waits on the network.
 *
 * V8 then compiles each pattern on its first use and again, to machine code, on its second:
 * a long wait, far longer on a mid-range phone, all in one task if the first chat drawn read
 * them all (bench/HISTORY.md). So the chat screen draws first (reading only what it must at
 * once, see chatItemsOf), then this compiles them a few at a time, yielding to the page between
 * slices, and the rest of the reading follows.
 */

type ReadingModule = typeof Reading;

/** What the chat screen reads her messages (and the chat's care mode) with. */
export type CrisisReader = Pick<
  ReadingModule,
  'readCrisis' | 'isUnsafeAnswer' | 'readInChat' | 'careEndOf'
>;

const crisisReading = lazyModule(() => import('./crisisReading'));

/**
 * Asks for the reading's chunk now, as the chat screen's route loads: every chat she opens is
 * read, and the screen itself asks only once it knows who she is (an /api/user round trip
 * later), which kept her messages off screen on a first visit until the chunk came. A fetch
 * that fails here is asked for again by the screen (useCrisisReader).
 */
export function askForCrisisReading(): void {
  crisisReading.load().catch(() => undefined);
}

/**
 * How long the chat waits for the reading before it stops waiting: her messages still waiting
 * for a reply are then shown, each with its help card, until the reading comes.
 */
export const READING_WAIT_MS = 1500;

/**
 * Reads every message as a crisis. Used only for her messages still waiting for a reply, and
 * only while the reading cannot be had (offline in the first seconds of a first visit, before
 * the app is cached): when unsure, show the help.
 */
export const UNSURE_READER: CrisisReader = {
  readCrisis: () => ({ crisis: true, category: null }),
  isUnsafeAnswer: () => true,
  readInChat: () => ({ crisis: true, category: null }),
  // Her words waiting for a reply read as a crisis: the chat is in care mode while unsure.
  careEndOf: ({ messages, serverCareUntil }) => {
    const answered = new Set(messages.flatMap((message) => message.replyTo ?? []));
    const waiting = messages.some((message) => message.isUser && !answered.has(message.id));
    if (waiting) return Number.POSITIVE_INFINITY;
    const server = serverCareUntil ? Date.parse(serverCareUntil) : NaN;
    return Number.isFinite(server) ? server : null;
  },
};

/**
 * The crisis reading once it is in (asked for again, until it comes, while mounted); null
 * while it loads, and UNSURE_READER once something has waited for it (`needed`) longer than
 * READING_WAIT_MS.
 */
export function useCrisisReader(needed = true): CrisisReader | null {
  const reader = useLazyModule(crisisReading, { now: true });
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (reader || !needed || waited) return;
    const timer = setTimeout(() => setWaited(true), READING_WAIT_MS);
    return () => clearTimeout(timer);
  }, [reader, needed, waited]);
  return reader ?? (waited ? UNSURE_READER : null);
}

/** Every crisis pattern compiled, in slices; once per page, however many ask. */
const warmReading = lazyModule(() => crisisReading.load().then((reading) => reading.warm()));

/** Loads and compiles every crisis pattern, in slices; once per page, however many ask. */
export function warmCrisisReading(): Promise<true> {
  return warmReading.load();
}

/**
 * True once the crisis patterns are compiled; starts that when `start` first holds (and
 * again every 2 s, while mounted, if the reading could not be fetched).
 */
export function useCrisisReadingWarm(start: boolean): boolean {
  return useLazyModule(warmReading, { now: start }) !== null;
}
