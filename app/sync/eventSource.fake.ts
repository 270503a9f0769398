import type { EventSourceLike } from './liveChannel';

/** An EventSource the test drives: `opened()`, `send(type)`, `fail()`. */
export class FakeEventSource implements EventSourceLike {
  /** Every source made, oldest first. */
  static made: FakeEventSource[] = [];
  static latest(): FakeEventSource | undefined {
    return FakeEventSource.made.at(-1);
  }

  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>();

  constructor(readonly url: string) {
    FakeEventSource.made.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close(): void {
    this.closed = true;
  }

  opened(): void {
    this.onopen?.(new Event('open'));
  }

  send(type: string, data = '{"seq":1}'): void {
    for (const listener of this.listeners.get(type) ?? []) {
      listener(new MessageEvent(type, { data }));
    }
  }

  fail(): void {
    this.onerror?.(new Event('error'));
  }
}
