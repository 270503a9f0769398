import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { DB_FILE_NAME } from '../../sync-server/src/db/open';

let counter = 0;

/** A fresh address per call, unique across workers and runs. */
export function uniqueEmail(label = 'bestie'): string {
  counter += 1;
  const nonce = `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
  return `${label}-${nonce}@example.com`;
}

export const PASSWORD = 'sparkle-123';

/** Creates an account through the API; the page's context keeps the session cookie. */
export async function signUpViaApi(page: Page, email = uniqueEmail()): Promise<string> {
  const answer = await page.request.post('/api/register', { data: { email, password: PASSWORD } });
  expect(answer.status()).toBe(201);
  return email;
}

export async function fillLogIn(page: Page, email: string, password: string): Promise<void> {
  const form = page.getByRole('tabpanel', { name: 'Log In' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Log In' }).click();
}

export async function fillSignUp(
  page: Page,
  email: string,
  password: string,
  confirm = password,
): Promise<void> {
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const form = page.getByRole('tabpanel', { name: 'Sign Up' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByLabel('Confirm Password').fill(confirm);
  await form.getByRole('button', { name: 'Sign Up' }).click();
}

/** The toast area; only one toast shows at a time. */
export function toasts(page: Page) {
  return page.getByRole('region', { name: /notifications/i });
}

/**
 * The newest reset link mailed to `email`, read from the e2e server's outbox
 * (DATA_DIR/mail, where mail goes when no SMTP_URL is set). Waits for it to arrive.
 */
export function resetLinkFromOutbox(email: string, after = 0): Promise<string> {
  return linkFromOutbox(email, /https?:\/\/[^\s"<>]+\/reset-password\?token=[A-Za-z0-9_-]+/, after);
}

/** The claim link mailed to the billing email of a visitor's purchase. */
export function claimLinkFromOutbox(email: string, after = 0): Promise<string> {
  return linkFromOutbox(email, /https?:\/\/[^\s"<>]+\/auth\?claim=[A-Za-z0-9_-]+/, after);
}

/** The newest link matching `pattern` in a mail to `email` in the outbox; waits for it. */
async function linkFromOutbox(email: string, pattern: RegExp, after: number): Promise<string> {
  const { readdir, readFile, stat } = await import('node:fs/promises');
  const path = await import('node:path');
  const dir = path.join(process.env.E2E_DATA_DIR ?? '', 'mail');
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const files = await readdir(dir).catch(() => [] as string[]);
        const withTimes = await Promise.all(
          files.map(async (file) => ({ file, at: (await stat(path.join(dir, file))).mtimeMs })),
        );
        for (const { file } of withTimes
          .filter(({ at }) => at >= after)
          .sort((a, b) => b.at - a.at)) {
          const raw = await readFile(path.join(dir, file), 'utf8');
          if (!raw.includes(`To: ${email}`)) continue;
          const text = raw
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_m, hex: string) =>
              String.fromCharCode(parseInt(hex, 16)),
            );
          link = pattern.exec(text)?.[0];
          if (link) return link;
        }
        return undefined;
      },
      { timeout: 10_000, message: `a mail with ${String(pattern)} to ${email} in ${dir}` },
    )
    .toBeTruthy();
  return link!;
}

/**
 * Where she lands after logging in: /chat?bestie=cassie, which then moves on to her newest
 * chat (or a new Cassie chat) at /chat/{id}.
 */
export const CASSIE_CHAT_URL = /\/chat(\?bestie=cassie|\/[0-9a-f-]{36})$/;

export const TEASER_BUTTON = 'HEAR WHAT YOUR BESTIE HAS TO SAY...';

/** The chat history: a column on desktop, a drawer behind 'Open menu' on a phone. */
export async function openChatHistory(page: Page) {
  const menu = page.getByRole('button', { name: 'Open menu' });
  const history = page.getByRole('navigation', { name: 'Chat history' });
  // The screen first: the phone's menu button or the desktop's sidebar, whichever it has.
  await menu.or(history).first().waitFor();
  if (await menu.isVisible()) await menu.click();
  return history;
}

/** A chat made through the API with a first message (Cassie, so a free user gets a teaser). */
export async function chatWithMessage(page: Page, message: string): Promise<string> {
  const answer = await page.request.post('/api/chats', { data: { message, isTeaser: true } });
  expect(answer.status()).toBe(201);
  return ((await answer.json()) as { id: string }).id;
}

/** No network at all: the page's and the service worker's own requests fail. */
export async function goOffline(context: BrowserContext) {
  await context.setOffline(true);
  await context.route('**', (route) => route.abort('internetdisconnected'));
}

export async function goOnline(context: BrowserContext) {
  await context.unroute('**');
  await context.setOffline(false);
}

/**
 * Waits until the service worker has installed (precached the app) and controls the page; from
 * then on it also caches what the page fetches at run time (the OCR files under /ocr/).
 */
export async function serviceWorkerReady(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
    await page.reload();
  }
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
    .toBe(true);
}

/** The embedded test checkout's card form, filled (the Stripe-like dialog of /checkout). */
export async function fillCard(page: Page, card: string, email?: string) {
  const dialog = page.getByRole('dialog', { name: /^Subscribe to / });
  await expect(dialog.getByText('Test mode — no real charge')).toBeVisible();
  if (email) await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Card number').fill(card);
  await dialog.getByLabel('Expiry').fill('12 / 34');
  await dialog.getByLabel('CVC').fill('123');
  return dialog;
}

/**
 * Gives her account a paid plan straight in the e2e server's database, without a checkout: her
 * replies stream whole.
 */
export function grantPremium(email: string) {
  const db = new Database(path.join(process.env.E2E_DATA_DIR ?? '', DB_FILE_NAME));
  try {
    db.pragma('busy_timeout = 5000');
    const user = db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: string };
    db.prepare(
      `INSERT INTO entitlements (user_id, tier, expires_at, updated_at) VALUES (?, 'premium', NULL, ?)
       ON CONFLICT (user_id) DO UPDATE SET tier = 'premium', expires_at = NULL`,
    ).run(user.id, Date.now());
  } finally {
    db.close();
  }
}
