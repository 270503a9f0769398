import { SYNC_CHANGED_EVENT, SYNC_ENDED_EVENT, SYNC_EVENTS_PATH } from '@shared/sync';

/** The first wait before the channel is opened again after it broke; doubled each time. */
export const RECONNECT_FIRST_MS = 1000;
/** The longest wait: the 30 s timer pull covers that long anyway. */
export const RECONNECT_MAX_MS = 30_000;

/** The wait before reconnect attempt `failures` (1, 2, 3, ...): 1 s, 2 s, 4 s ... 30 s. */
export const reconnectDelayMs = (failures: number): number =>
  Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** (failures - 1));

/** True when a `changed` event says her account changed (`{ seq, account: true }`). */
function accountChanged(event: MessageEvent): boolean {
  try {
    const data: unknown = JSON.parse(String(event.data));
    return typeof data === 'object' && data !== null && 'account' in data && data.account === true;
  } catch {
    return false;
  }
}

/** The part of the browser's EventSource the channel uses (tests pass a fake). */
export interface EventSourceLike {
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
}

export interface LiveChannelOptions {
  /** Something of hers may have changed on the server: pull. */
  onChange: () => void;
  /** Her account changed (profile, theme, picture, plan), or this device's session ended
   * (signed out from elsewhere): fetch it again. */
  onAccount?: () => void;
  open?: (url: string) => EventSourceLike;
  url?: string;
}

export interface LiveChannel {
  /** Reconnects at once if it is waiting to (the network came back). */
  reconnectNow(): void;
  /** Closes it for good (she signed out). */
  close(): void;
}

/**
 * Keeps GET /api/sync/events open while she is signed in (ARCHITECTURE.md, Live sync) and
 * calls `onChange` on each `changed` event, and on each open, since what changed while it was
 * closed was told to nobody. The browser's own reconnect is not used: on an error the source
 * is closed and opened again here after 1 s, 2 s, 4 s ... up to 30 s, back to 1 s once open,
 * so a server that refuses (a 429, a restart) is not asked every second.
 */
export function openLiveChannel(options: LiveChannelOptions): LiveChannel {
  const open = options.open ?? ((url: string) => new EventSource(url));
  const url = options.url ?? SYNC_EVENTS_PATH;
  let source: EventSourceLike | null = null;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  function connect(): void {
    timer = undefined;
    if (closed) return;
    const mine = open(url);
    source = mine;
    mine.onopen = () => {
      if (source !== mine) return;
      failures = 0;
      options.onChange();
    };
    mine.addEventListener(SYNC_CHANGED_EVENT, (event) => {
      if (source !== mine) return;
      options.onChange();
      if (accountChanged(event)) options.onAccount?.();
    });
    // Signed out from another device (or the like): asking for her account says so here.
    mine.addEventListener(SYNC_ENDED_EVENT, () => {
      if (source === mine) options.onAccount?.();
    });
    mine.onerror = () => {
      if (source !== mine) return;
      mine.close();
      source = null;
      failures += 1;
      timer = setTimeout(connect, reconnectDelayMs(failures));
    };
  }

  connect();
  return {
    reconnectNow() {
      if (closed || timer === undefined) return;
      clearTimeout(timer);
      connect();
    },
    close() {
      closed = true;
      clearTimeout(timer);
      timer = undefined;
      source?.close();
      source = null;
    },
  };
}
