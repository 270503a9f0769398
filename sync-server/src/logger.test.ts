import { spawn } from 'node:child_process';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
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

/** Which of these words the written log lines still show. */
const wordsIn = (lines: unknown[], words: string[]) =>
  words.filter((word) => JSON.stringify(lines).includes(word));

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
    expect(
      wordsIn(lines, [
        'hunter2-password',
        'new-password-1',
        'reset-token-abc',
        'besties_session=abc',
        'Bearer xyz',
        'besties_session=def',
      ]),
    ).toEqual([]);
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
    expect(
      wordsIn(lines, [
        'my ex texted me',
        'private words',
        'body words',
        'a reply',
        'screenshot words',
        'more words',
        'nested reply',
      ]),
    ).toEqual([]);
  });

  it("keeps an error's message and the log line's own text readable", () => {
    const { lines, logger } = capture();
    logger.error({ err: new Error('disk is full') }, 'request failed');
    expect(lines[0]).toMatchObject({ msg: 'request failed', err: { message: 'disk is full' } });
  });
});

/**
 * A Node process that runs `body` with `logger` made by createLogger at 'info' on stdout, as
 * main.ts makes it; answers the lines it printed once it ended (or once `until` holds).
 */
function runLogging(body: string, until?: (lines: string[]) => boolean) {
  const loggerUrl = pathToFileURL(`${import.meta.dirname}/logger.ts`).href;
  const code = `const { createLogger } = await import(${JSON.stringify(loggerUrl)});
    const logger = createLogger({ logLevel: 'info' });
    ${body}`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const lines = () => out.split('\n').filter(Boolean);
  const deadline = setTimeout(() => child.kill(), 10_000);
  return new Promise<string[]>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (until?.(lines())) {
        child.kill();
        resolve(lines());
      }
    });
    child.on('error', reject);
    child.on('close', () => {
      clearTimeout(deadline);
      resolve(lines());
    });
  });
}

describe('the server logger on stdout', () => {
  it('writes every line of a burst logged just before the process exits', async () => {
    const lines = await runLogging(
      'for (let n = 0; n < 3000; n += 1) logger.info({ n }, "request"); process.exit(0);',
    );
    expect(lines).toHaveLength(3000);
    expect(JSON.parse(lines.at(-1) ?? '{}')).toMatchObject({ n: 2999, msg: 'request' });
  });

  it('writes the last line before a crash, and a lone line at once, not when more come', async () => {
    const crashed = await runLogging(
      'logger.error("about to fail"); setTimeout(() => { throw new Error("boom"); }, 10);',
    );
    expect(crashed.map((line) => JSON.parse(line).msg)).toEqual(['about to fail']);

    // Nothing else is logged and the process lives on: the line must not wait in a buffer.
    const alone = await runLogging('logger.info("listening"); setTimeout(() => {}, 60_000);', (l) =>
      l.some((line) => line.includes('listening')),
    );
    expect(alone).toHaveLength(1);
  }, 20_000);
});
