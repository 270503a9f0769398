import { afterEach, describe, expect, it } from 'vitest';
import type { TestServer } from './harness';
import { LogCapture, startTestServer } from './harness';

// Sign-ups per address are limited to 3 an hour here; a malformed sign-up is counted before it
// is checked (and costs no hash), so four of them show which bucket an address falls in.
let server: TestServer;
afterEach(async () => {
  await server.stop();
});

const start = async (trustProxy?: string) => {
  server = await startTestServer({
    env: { RATE_LIMIT_IP_PER_HOUR: '3', ...(trustProxy ? { TRUST_PROXY: trustProxy } : {}) },
  });
};

/** A malformed sign-up sent with this X-Forwarded-For: 400 while allowed, 429 once limited. */
const signUp = async (forwardedFor?: string) =>
  (
    await server
      .client()
      .post(
        '/api/register',
        { email: 'not-an-email' },
        forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {},
      )
  ).status;

describe('TRUST_PROXY: the client address behind proxies', () => {
  it('with one proxy, counts the entry the proxy added (the rightmost), whatever the client put before it', async () => {
    await start('1');
    expect(await signUp('1.2.3.4, 198.51.100.7')).toBe(400);
    expect(await signUp('5.6.7.8, 198.51.100.7')).toBe(400);
    expect(await signUp('198.51.100.7')).toBe(400);
    // A new leftmost entry each time does not escape the limit.
    expect(await signUp('9.9.9.9, 198.51.100.7')).toBe(429);
    expect(await signUp('198.51.100.8, 198.51.100.7')).toBe(429);

    // Another client (another proxy-added address) has its own count, even when it claims to be
    // the limited one in the entry it controls.
    expect(await signUp('198.51.100.7, 198.51.100.8')).toBe(400);
  });

  it('takes TRUST_PROXY=true as one proxy', async () => {
    await start('true');
    for (const spoofed of ['1.1.1.1', '2.2.2.2', '3.3.3.3']) {
      expect(await signUp(`${spoofed}, 198.51.100.7`)).toBe(400);
    }
    expect(await signUp('4.4.4.4, 198.51.100.7')).toBe(429);
  });

  it('with two proxies, counts the entry two from the right', async () => {
    await start('2');
    for (const spoofed of ['1.1.1.1', '2.2.2.2', '3.3.3.3']) {
      expect(await signUp(`${spoofed}, 203.0.113.9, 10.0.0.2`)).toBe(400);
    }
    expect(await signUp('4.4.4.4, 203.0.113.9, 10.0.0.3')).toBe(429);
    // Same inner proxy, another client.
    expect(await signUp('203.0.113.9, 203.0.113.10, 10.0.0.2')).toBe(400);
  });

  it('without TRUST_PROXY, ignores X-Forwarded-For and counts the connection', async () => {
    await start();
    expect(await signUp('198.51.100.1')).toBe(400);
    expect(await signUp('198.51.100.2')).toBe(400);
    expect(await signUp()).toBe(400);
    expect(await signUp('198.51.100.3')).toBe(429);
  });
});

describe('TRUST_PROXY while listening on all addresses', () => {
  const bypassWarnings = async (env: Record<string, string>) => {
    const logs = new LogCapture();
    server = await startTestServer({ env, logger: logs.logger });
    return logs.lines.filter((line) => line.level === 40 && /TRUST_PROXY/.test(String(line.msg)));
  };

  it('warns at start-up that a direct client picks its own address, and what to do', async () => {
    const warnings = await bypassWarnings({ TRUST_PROXY: '1', HOST: '0.0.0.0' });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.msg).toContain('listens on all addresses (HOST=0.0.0.0)');
    expect(warnings[0]?.msg).toContain('Set HOST=127.0.0.1');
  });

  it('says nothing behind a proxy on loopback, or without TRUST_PROXY', async () => {
    expect(await bypassWarnings({ TRUST_PROXY: '1', HOST: '127.0.0.1' })).toEqual([]);
    await server.stop();
    expect(await bypassWarnings({ HOST: '0.0.0.0' })).toEqual([]);
  });
});
