import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TestServer } from './harness';
import { everyRowOf, SESSION_COOKIE, startTestServer, withDataOf } from './harness';

const PASSWORD = 'a-secret-pass-phrase';

/** Every value of every table, as one string: what a leaked copy of the database shows. */
async function everything(dataDir: string): Promise<string> {
  const rows = await withDataOf(dataDir, everyRowOf);
  return [...rows.values()].map((each) => JSON.stringify(each)).join('\n');
}

/** The token of the reset link mailed to DATA_DIR/mail (the outbox: no SMTP_URL is set). */
function mailedResetToken(dataDir: string): Promise<string> {
  return mailedToken(dataDir, /reset-password\?token=([A-Za-z0-9_-]+)/);
}

/** The token of the first link matching `pattern` in a mail in DATA_DIR/mail. */
async function mailedToken(dataDir: string, pattern: RegExp): Promise<string> {
  const dir = path.join(dataDir, 'mail');
  for (let tries = 0; tries < 100; tries += 1) {
    for (const file of await readdir(dir).catch(() => [] as string[])) {
      const text = (await readFile(path.join(dir, file), 'utf8'))
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_match, hex: string) =>
          String.fromCharCode(parseInt(hex, 16)),
        );
      const token = pattern.exec(text)?.[1];
      if (token) return token;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail with ${String(pattern)} in ${dir}`);
}

describe('a leaked copy of the database (a backup, a stolen disk)', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  it('holds no session id a thief could send as a cookie, no password and no reset token', async () => {
    server = await startTestServer();
    const client = server.client();
    const register = await client.post('/api/register', {
      email: 'tia@example.com',
      password: PASSWORD,
    });
    expect(register.status).toBe(201);
    const other = server.client();
    expect(
      (await other.post('/api/login', { email: 'tia@example.com', password: PASSWORD })).status,
    ).toBe(200);
    const ids = [client, other].map((each) => each.cookies.get(SESSION_COOKIE));
    expect(ids.every(Boolean)).toBe(true);
    const dataDir = server.dataDir;
    expect((await other.post('/api/forgot-password', { email: 'tia@example.com' })).status).toBe(
      200,
    );
    const token = await mailedResetToken(dataDir);
    await server.stop({ keepData: true });
    server = undefined;

    const dump = await everything(dataDir);
    expect(dump).toContain('tia@example.com');
    for (const id of ids) expect(dump).not.toContain(id);
    expect(dump).not.toContain(PASSWORD);
    expect(dump).not.toContain(token);

    // The same data served again: the cookies still work, so the ids were kept, only hashed.
    server = await startTestServer({ dataDir });
    const again = server.client();
    for (const [name, value] of client.cookies) again.cookies.set(name, value);
    expect((await again.get('/api/user')).status).toBe(200);
    // And the token was kept (hashed) too: it still sets a new password.
    const reset = await again.post('/api/reset-password', {
      token,
      newPassword: 'a-new-pass-phrase',
    });
    expect(reset.status).toBe(200);
  });

  it('holds no purchase claim token either, only its hash, which still claims after a restart', async () => {
    server = await startTestServer();
    const visitor = server.client();
    const intent = await visitor.post('/api/guest-create-payment-intent', { planId: 'bestie-day' });
    const clientSecret = intent.body.clientSecret as string;
    const confirmed = await visitor.post('/api/test-payments/confirm', {
      clientSecret,
      email: 'zoe@example.com',
      cardNumber: '4242424242424242',
      expiry: '12/40',
      cvc: '123',
    });
    expect(confirmed.status).toBe(200);
    const paymentIntentId = confirmed.body.paymentIntentId as string;
    const verified = await visitor.post('/api/verify-payment', {
      paymentIntentId,
      planId: 'bestie-day',
    });
    expect(verified.status).toBe(200);
    const dataDir = server.dataDir;
    const token = await mailedToken(dataDir, /\/auth\?claim=([A-Za-z0-9_-]+)/);
    await server.stop({ keepData: true });
    server = undefined;

    expect(await everything(dataDir)).not.toContain(token);

    server = await startTestServer({ dataDir });
    const buyer = server.client();
    expect(
      (await buyer.post('/api/register', { email: 'zoe@example.com', password: PASSWORD })).status,
    ).toBe(201);
    expect((await buyer.post('/api/purchases/claim', { token })).status).toBe(200);
  });
});
