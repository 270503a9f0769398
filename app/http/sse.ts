import { createParser } from 'eventsource-parser';

export interface SseEvent {
  event: string;
  data: string;
}

/**
 * A server-sent events parser fed with text as it arrives (eventsource-parser: chunks may split
 * an event, a line or a CRLF anywhere). Calls `onEvent` for each complete event.
 */
export function createSseParser(onEvent: (event: SseEvent) => void) {
  const parser = createParser({
    onEvent: ({ event, data }) => onEvent({ event: event || 'message', data }),
  });
  return {
    feed: (chunk: string) => parser.feed(chunk),
    /** The stream ended: an event left without its blank line still counts. */
    end: () => {
      parser.feed('\n\n');
      parser.reset();
    },
  };
}

/** Reads a fetch body as server-sent events. */
export async function readSseStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: SseEvent) => void,
): Promise<void> {
  const parser = createSseParser(onEvent);
  const reader = body.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parser.feed(decoder.decode(value, { stream: true }));
  }
  parser.feed(decoder.decode());
  parser.end();
}
