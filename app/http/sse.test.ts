import { describe, expect, it } from 'vitest';
import { createSseParser, type SseEvent } from './sse';

function parse(chunks: string[]): SseEvent[] {
  const events: SseEvent[] = [];
  const parser = createSseParser((event) => events.push(event));
  for (const chunk of chunks) parser.feed(chunk);
  parser.end();
  return events;
}

const STREAM =
  'event: user\ndata: {"id":"m1"}\n\n' +
  ': keep-alive\n\n' +
  'event: delta\ndata: {"text":"Hey "}\n\n' +
  'event: delta\r\ndata: {"text":"girl"}\r\n\r\n' +
  'event: reply\ndata: {"id":"m2"}\n\n';

const EXPECTED: SseEvent[] = [
  { event: 'user', data: '{"id":"m1"}' },
  { event: 'delta', data: '{"text":"Hey "}' },
  { event: 'delta', data: '{"text":"girl"}' },
  { event: 'reply', data: '{"id":"m2"}' },
];

describe('the server-sent events parser', () => {
  it('reads whole events', () => {
    expect(parse([STREAM])).toEqual(EXPECTED);
  });

  it('reads events split anywhere across chunks, even inside a CRLF', () => {
    for (let size = 1; size <= 7; size += 1) {
      const chunks = STREAM.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g')) ?? [];
      expect(parse(chunks)).toEqual(EXPECTED);
    }
    const crlf = STREAM.indexOf('\r\n') + 1;
    expect(parse([STREAM.slice(0, crlf), STREAM.slice(crlf)])).toEqual(EXPECTED);
  });

  it('joins multi-line data and names an unnamed event "message"', () => {
    expect(parse(['data: a\ndata: b\n\n'])).toEqual([{ event: 'message', data: 'a\nb' }]);
  });

  it('still delivers a last event that lacks its blank line', () => {
    expect(parse(['event: reply\ndata: {}'])).toEqual([{ event: 'reply', data: '{}' }]);
  });
});
