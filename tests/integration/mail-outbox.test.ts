import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness';
import { LogCapture, startTestServer } from './harness';
import { readableBody } from './mail-sink';

const FORGOT_OK = {
  ok: true,
  message:
    "If your email exists in our system, we've sent password reset instructions to your inbox.",
};

async function waitForFiles(dir: string, count: number): Promise<string[]> {
  for (let tries = 0; tries < 100; tries += 1) {
    const files = await readdir(dir).catch(() => [] as string[]);
    if (files.length >= count) return files.sort();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`No ${count} mail files in ${dir}`);
}

describe('mail with no SMTP_URL (the embedded outbox)', () => {
  let server: TestServer;
  const logs = new LogCapture();
  beforeAll(async () => {
    server = await startTestServer({ logger: logs.logger });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('writes the reset mail as an .eml file in DATA_DIR/mail and logs the link on its own line', async () => {
    const client = server.client();
    await client.post('/api/register', { email: 'outbox@example.com', password: 'bestie-pass' });
    const answer = await client.post('/api/forgot-password', { email: 'outbox@example.com' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(FORGOT_OK);

    const dir = path.join(server.dataDir, 'mail');
    const [file] = await waitForFiles(dir, 1);
    expect(file).toMatch(/\.eml$/);
    const raw = await readFile(path.join(dir, file!), 'utf8');
    expect(raw).toMatch(/^To: outbox@example\.com/m);
    expect(raw).toMatch(/^From: Besties <no-reply@localhost>/m);
    const link = /(http:\/\/localhost:\d+\/reset-password\?token=[A-Za-z0-9_-]{43})/.exec(
      readableBody(raw),
    )?.[1];
    expect(link).toBeDefined();

    const linkLine = logs.lines.find((line) => line.link === link);
    expect(linkLine).toMatchObject({ level: 30, to: 'outbox@example.com' });
    // The request log has paths without query strings and never the token.
    const token = new URL(link!).searchParams.get('token')!;
    for (const line of logs.requestLines()) expect(JSON.stringify(line)).not.toContain(token);
  });

  it('writes nothing for an unknown email and answers the same', async () => {
    const dir = path.join(server.dataDir, 'mail');
    const before = (await readdir(dir)).length;
    const answer = await server.client().post('/api/forgot-password', {
      email: 'ghost@example.com',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(FORGOT_OK);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await readdir(dir)).toHaveLength(before);
  });
});

describe('a mail server that cannot be reached', () => {
  let server: TestServer;
  const logs = new LogCapture();
  beforeAll(async () => {
    // Port 9 on loopback: nothing listens there, so every send fails at once.
    server = await startTestServer({
      logger: logs.logger,
      env: { SMTP_URL: 'smtp://127.0.0.1:9' },
    });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('does not change the forgot-password answer, and the failure is logged', async () => {
    const client = server.client();
    await client.post('/api/register', { email: 'offline@example.com', password: 'bestie-pass' });
    const answer = await client.post('/api/forgot-password', { email: 'offline@example.com' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(FORGOT_OK);

    for (let tries = 0; tries < 100; tries += 1) {
      if (logs.lines.some((line) => line.level === 50)) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(logs.lines).toContainEqual(
      expect.objectContaining({ level: 50, msg: 'the password reset mail could not be sent' }),
    );
  });
});
