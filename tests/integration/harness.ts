import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { loadConfig } from '../../sync-server/src/config';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '../../sync-server/src/sessions/cookie';
import type { Config } from '../../sync-server/src/config';
import type { Logger } from '../../sync-server/src/logger';
import type { OcrReader } from '../../sync-server/src/ocr/reader';
import { startServer } from '../../sync-server/src/server';
import type { RunningServer } from '../../sync-server/src/server';

export { SECURE_SESSION_COOKIE, SESSION_COOKIE };

/** A clock the test moves by hand. */
export class TestClock {
  constructor(public time = Date.now()) {}
  readonly now = () => this.time;
  advance(ms: number): void {
    this.time += ms;
  }
}

export const MINUTE = 60 * 1000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** Log lines written by the server, parsed. */
export class LogCapture {
  readonly lines: Record<string, unknown>[] = [];
  readonly raw: string[] = [];
  readonly logger: Logger = pino(
    { level: 'info' },
    new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        const text = chunk.toString();
        this.raw.push(text);
        for (const line of text.split('\n').filter(Boolean)) this.lines.push(JSON.parse(line));
        done();
      },
    }),
  );
  requestLines() {
    return this.lines.filter((line) => line.msg === 'request');
  }
  /** Lines logged at error level or worse. */
  errors() {
    return this.lines.filter((line) => typeof line.level === 'number' && line.level >= 50);
  }
}

export interface TestServer extends RunningServer {
  dataDir: string;
  clock: TestClock;
  /** A new browser-like client with its own cookie jar. */
  client(): Client;
  /** Stops the server; `keepData` leaves DATA_DIR for a restart. */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string>;
  /** Reuse a DATA_DIR (restart); a fresh temporary one otherwise. */
  dataDir?: string;
  clock?: TestClock;
  logger?: Logger;
  /** A fake OCR reader (the real tesseract.js one otherwise). */
  ocr?: OcrReader;
}

export async function makeDataDir(): Promise<string> {
  return mkdtemp(path.join(tmpdir(), 'besties-test-'));
}

export function testConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    STATIC_DIR: path.join(dataDir, 'no-build-here'),
    ...env,
  });
}

/** The real server on an ephemeral port over a temporary DATA_DIR. */
export async function startTestServer(options: StartOptions = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? (await makeDataDir());
  const clock = options.clock ?? new TestClock();
  const running = await startServer(testConfig(dataDir, options.env), {
    now: clock.now,
    logger: options.logger,
    ocr: options.ocr,
  });
  return {
    ...running,
    dataDir,
    clock,
    client: () => new Client(running.url),
    stop: async ({ keepData = false } = {}) => {
      await running.close();
      if (!keepData) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed JSON body (undefined when the body is not JSON). */
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  setCookies: string[];
}

/** Every answer any client received, so a test can check nothing secret ever left. */
export const allAnswers: Answer[] = [];

/** fetch with a cookie jar, like a browser talking to one origin. */
export class Client {
  readonly cookies = new Map<string, string>();
  constructor(readonly baseUrl: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request(
    method: string,
    pathname: string,
    options: { json?: unknown; body?: string | Uint8Array; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
    let body = options.body;
    if (options.json !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(options.json);
    }
    const response = await fetch(new URL(pathname, this.baseUrl), {
      method,
      headers,
      body: body as BodyInit | undefined,
    });
    const setCookies = response.headers.getSetCookie();
    for (const cookie of setCookies) this.keep(cookie);
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const answer = {
      status: response.status,
      headers: response.headers,
      text,
      body: parsed,
      setCookies,
    };
    allAnswers.push(answer);
    return answer;
  }

  get(pathname: string, headers?: Record<string, string>) {
    return this.request('GET', pathname, { headers });
  }

  post(pathname: string, json?: unknown, headers?: Record<string, string>) {
    return this.request('POST', pathname, { json, headers });
  }

  private keep(setCookie: string): void {
    const [pair = '', ...attributes] = setCookie.split(';').map((part) => part.trim());
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    const expired = attributes.some((attribute) => /^max-age=0$/i.test(attribute));
    if (expired || value === '') this.cookies.delete(name);
    else this.cookies.set(name, value);
  }
}

/** Cookie attributes by lower-case name (`HttpOnly` -> 'httponly': ''). */
export function cookieAttributes(setCookie: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const part of setCookie.split(';').slice(1)) {
    const [name = '', ...value] = part.trim().split('=');
    attributes[name.toLowerCase()] = value.join('=');
  }
  return attributes;
}

/** The session cookie set by an answer, under its http or its https (`__Host-`) name. */
export function sessionCookieOf(answer: Answer): string | undefined {
  return answer.setCookies.find(
    (cookie) =>
      cookie.startsWith(`${SESSION_COOKIE}=`) || cookie.startsWith(`${SECURE_SESSION_COOKIE}=`),
  );
}
