import { useEffect, useMemo, useState } from 'react';
import type { LocalChat, LocalMessage } from '../../db/db';
import type { RiskMessage } from './careMode';
import type { CrisisReader } from './crisisWarmUp';

/** The longest a timer may wait (setTimeout's limit, about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

interface CareModeInput {
  chat: LocalChat | null;
  /** The chat's messages on the device (its newest pages), in chat order. */
  messages: LocalMessage[];
  /** The crisis reading, once it is in (null while it loads: the server's word alone). */
  reader: CrisisReader | null;
  /** Every message may be read (the patterns are compiled), not only hers awaiting a reply. */
  readAll: boolean;
  /** A visitor's words held back while she signs up: they count as hers at once. */
  held: { text: string; at: string } | null;
}

/**
 * True while the chat is in care mode: until the later of the server's `careUntil`
 * and CARE_MODE_MS after the device's newest crisis signal (careMode.ts). It ends on time while
 * the chat stays open.
 */
export function useCareMode({ chat, messages, reader, readAll, held }: CareModeInput): boolean {
  const serverCareUntil = chat?.careUntil ?? null;
  const end = useMemo(() => {
    if (!reader) return serverEnd(serverCareUntil);
    const heldMessage: RiskMessage[] = held
      ? [
          {
            id: 'held',
            isUser: true,
            isCrisis: false,
            message: held.text,
            timestamp: held.at,
            replyTo: null,
          },
        ]
      : [];
    return reader.careEndOf({
      messages: [...messages, ...heldMessage],
      readInChat: reader.readInChat,
      serverCareUntil,
      readAnswered: readAll,
    });
  }, [reader, messages, held, serverCareUntil, readAll]);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (end === null || !Number.isFinite(end) || end <= now) return;
    // Looked at again when care mode ends (at once, if the clock is already past it).
    const timer = setTimeout(
      () => setNow(Date.now()),
      Math.min(Math.max(0, end - Date.now()), MAX_TIMER_MS),
    );
    return () => clearTimeout(timer);
  }, [end, now]);
  return end !== null && end > now;
}

function serverEnd(careUntil: string | null): number | null {
  const end = careUntil === null ? NaN : Date.parse(careUntil);
  return Number.isFinite(end) ? end : null;
}
