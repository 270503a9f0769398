import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, REDACTED } from './logger';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: createLogger({ logLevel: 'info' }, stream) };
}

describe('the server logger', () => {
  it('replaces passwords, tokens, cookies and authorization headers with the censor', () => {
    const { lines, logger } = capture();
    logger.info(
      {
        password: 'hunter2-password',
        body: { newPassword: 'new-password-1', token: 'reset-token-abc' },
        req: { headers: { cookie: 'besties_session=abc', authorization: 'Bearer xyz' } },
        res: { headers: { 'set-cookie': ['besties_session=def; HttpOnly'] } },
      },
      'request',
    );
    const text = JSON.stringify(lines);
    for (const secret of [
      'hunter2-password',
      'new-password-1',
      'reset-token-abc',
      'besties_session=abc',
      'Bearer xyz',
      'besties_session=def',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(lines[0]).toMatchObject({
      password: REDACTED,
      body: { newPassword: REDACTED, token: REDACTED },
      req: { headers: { cookie: REDACTED, authorization: REDACTED } },
      res: { headers: { 'set-cookie': REDACTED } },
    });
  });

  it('hides message text, content, text and extractedText', () => {
    const { lines, logger } = capture();
    logger.info({ message: 'my ex texted me', mutation: { message: 'private words' } }, 'a');
    logger.info({ body: { message: 'body words' }, row: { content: 'a reply' } }, 'b');
    logger.info({ ocr: { extractedText: 'screenshot words', text: 'more words' } }, 'c');
    logger.info({ job: { message: { content: 'nested reply' } } }, 'd');
    const text = JSON.stringify(lines);
    for (const words of [
      'my ex texted me',
      'private words',
      'body words',
      'a reply',
      'screenshot words',
      'more words',
      'nested reply',
    ]) {
      expect(text).not.toContain(words);
    }
  });

  it("keeps an error's message and the log line's own text readable", () => {
    const { lines, logger } = capture();
    logger.error({ err: new Error('disk is full') }, 'request failed');
    expect(lines[0]).toMatchObject({ msg: 'request failed', err: { message: 'disk is full' } });
  });
});
