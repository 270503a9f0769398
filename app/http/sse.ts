export interface SseEvent {
  event: string;
  data: string;
}

/**
 * A server-sent events parser fed with text as it arrives: chunks may split an event, a line
 * or a CRLF anywhere. Calls `onEvent` for each complete event (blank-line terminated).
 */
export function createSseParser(onEvent: (event: SseEvent) => void) {
  let buffer = '';
  let eventName = '';
  let dataLines: string[] = [];

  function dispatch() {
    if (dataLines.length > 0)
      onEvent({ event: eventName || 'message', data: dataLines.join('\n') });
    eventName = '';
    dataLines = [];
  }

  function line(text: string) {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') eventName = value;
    else if (field === 'data') dataLines.push(value);
  }

  return {
    feed(chunk: string) {
      buffer += chunk;
      // A trailing \r may be half of a \r\n: keep it until the next chunk says.
      const match = /\r\n|\n|\r(?!$)/g;
      let start = 0;
      for (let found = match.exec(buffer); found; found = match.exec(buffer)) {
        line(buffer.slice(start, found.index));
        start = found.index + found[0].length;
      }
      buffer = buffer.slice(start);
    },
    /** The stream ended: an event left without its blank line still counts. */
    end() {
      if (buffer) line(buffer.replace(/\r$/, ''));
      buffer = '';
      dispatch();
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
