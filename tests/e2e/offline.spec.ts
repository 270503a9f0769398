import { expect, test, type Page } from '@playwright/test';
import {
  chatWithMessage,
  goOffline,
  goOnline,
  openChatHistory,
  PASSWORD,
  serviceWorkerReady,
  signUpViaApi,
  TEASER_BUTTON,
} from './helpers';

const OFFLINE = "You're offline — messages will send when you're back";

/**
 * The gentle upgrade nudge that follows a teaser she got while sending: it waits while she is
 * in her message box, so she leaves it, and closes the nudge.
 */
async function closeUpgradeNudge(page: Page) {
  await page.getByPlaceholder('Message your bestie...').blur();
  const upgrade = page.getByRole('dialog', { name: 'Upgrade Your Bestie' });
  await expect(upgrade).toBeVisible({ timeout: 7000 });
  await upgrade.getByRole('button', { name: 'Cancel' }).click();
  await expect(upgrade).toBeHidden();
}

/** One sync cycle now, as the `online` event starts it (the app also syncs every 30 s). */
async function syncCycle(page: Page) {
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
}

test('every chat reads offline; a message sent offline is queued, survives a reload and is delivered with its reply', async ({
  page,
  context,
}) => {
  // Service worker install, two reloads and a reconnect: more than the default 30 s on a busy machine.
  test.setTimeout(60_000);
  await signUpViaApi(page);
  const first = await chatWithMessage(page, 'Offline chat one');
  const second = await chatWithMessage(page, 'Offline chat two');
  await page.goto(`/chat/${first}`);
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText('Offline chat one')).toBeVisible();
  await serviceWorkerReady(page);
  const history = await openChatHistory(page);
  await expect(history.getByText('Offline chat two')).toBeVisible();

  await goOffline(context);
  await page.reload();
  await expect(page.getByText(OFFLINE)).toBeVisible();
  for (const [id, text] of [
    [first, 'Offline chat one'],
    [second, 'Offline chat two'],
  ] as const) {
    await page.goto(`/chat/${id}`);
    await expect(log.getByText(text)).toBeVisible();
    await expect(log.getByRole('button', { name: TEASER_BUTTON })).toHaveCount(1);
  }

  const box = page.getByPlaceholder('Message your bestie...');
  await box.fill('Written on the train');
  await box.press('Enter');
  await expect(box).toHaveValue('');
  await expect(log.getByText('Written on the train')).toBeVisible();
  await expect(log.getByText('Queued')).toBeVisible();

  await page.reload();
  await expect(log.getByText('Written on the train')).toBeVisible();
  await expect(log.getByText('Queued')).toBeVisible();

  await goOnline(context);
  await expect(page.getByText(OFFLINE)).toBeHidden();
  await expect(log.getByText('Queued')).toBeHidden({ timeout: 15_000 });
  await expect(log.getByRole('button', { name: TEASER_BUTTON })).toHaveCount(2);
  const saved = await (await page.request.get(`/api/chats/${second}`)).json();
  expect(saved.messages.map((m: { message: string }) => m.message)).toContain(
    'Written on the train',
  );
});

test('two devices signed into one account see each other’s chats, messages and deletions', async ({
  browser,
}) => {
  // Two browsers at once: 40-52 s on a quiet 2-core machine.
  test.setTimeout(120_000);
  const contexts = [await browser.newContext(), await browser.newContext()];
  const [a, b] = await Promise.all(contexts.map((context) => context.newPage()));
  if (!a || !b) throw new Error('two pages');
  const email = await signUpViaApi(a);
  expect(
    (await b.request.post('/api/login', { data: { email, password: PASSWORD } })).status(),
  ).toBe(200);
  await a.goto(`/chat?new=${Date.now()}`);
  await b.goto('/chat');

  const boxA = a.getByPlaceholder('Message your bestie...');
  await boxA.fill('Hello from my phone');
  await boxA.press('Enter');
  await expect(a).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  const chatId = a.url().split('/').at(-1) ?? '';
  await expect(
    a.getByRole('log', { name: 'Messages' }).getByRole('button', { name: TEASER_BUTTON }),
  ).toHaveCount(1);

  await closeUpgradeNudge(a);
  await syncCycle(b);
  const historyB = await openChatHistory(b);
  await expect(historyB.getByText('Hello from my phone')).toBeVisible();
  await b.goto(`/chat/${chatId}`);
  const boxB = b.getByPlaceholder('Message your bestie...');
  await boxB.fill('And this from my laptop');
  await boxB.press('Enter');
  await expect(
    b.getByRole('log', { name: 'Messages' }).getByRole('button', { name: TEASER_BUTTON }),
  ).toHaveCount(2);

  await syncCycle(a);
  await expect(
    a.getByRole('log', { name: 'Messages' }).getByText('And this from my laptop'),
  ).toBeVisible();

  const historyA = await openChatHistory(a);
  const item = historyA.getByRole('listitem').filter({ hasText: 'Hello from my phone' });
  await item.getByRole('button', { name: 'Delete chat' }).click();
  await a
    .getByRole('dialog', { name: 'Delete chat?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(a).not.toHaveURL(new RegExp(chatId));

  await syncCycle(b);
  await b.goto('/chat');
  const historyB2 = await openChatHistory(b);
  await expect(historyB2.getByText('Hello from my phone')).toBeHidden();
  await Promise.all(contexts.map((context) => context.close()));
});

test('the persona picker keeps the besties the server last listed, and opens with them offline', async ({
  page,
  context,
}) => {
  await signUpViaApi(page);
  // The server's list, changed so it cannot be the built-in one: Brooke is free.
  await page.route('**/api/personas', async (route) => {
    const personas = (await (await route.fetch()).json()) as { name: string; tier: string }[];
    await route.fulfill({
      json: personas.map((persona) =>
        persona.name === 'Brooke' ? { ...persona, tier: 'free' } : persona,
      ),
    });
  });
  await page.goto(`/chat?new=${Date.now()}`);
  await serviceWorkerReady(page);
  const picker = page.getByRole('dialog', { name: 'Choose Your Bestie' });
  await (await openChatHistory(page)).getByRole('button', { name: 'New Chat' }).click();
  await expect(picker.getByRole('radio', { name: 'Brooke', exact: true })).toBeVisible();
  await picker.getByRole('button', { name: 'Cancel' }).click();
  await expect(picker).toBeHidden();

  await page.unroute('**/api/personas');
  await goOffline(context);
  await page.reload();
  await expect(page.getByText(OFFLINE)).toBeVisible();
  const refresh = page.waitForEvent('requestfailed', (request) =>
    request.url().endsWith('/api/personas'),
  );
  await (await openChatHistory(page)).getByRole('button', { name: 'New Chat' }).click();
  await expect(picker.getByRole('radio', { name: 'Brooke', exact: true })).toBeVisible();
  await expect(picker.getByRole('radio', { name: 'Elena (locked)' })).toBeVisible();
  await refresh;
  await page.waitForTimeout(300);
  await expect(page.getByText('Failed to fetch personas')).toBeHidden();
  await expect(picker.getByRole('radio', { name: 'Brooke', exact: true })).toBeVisible();
});

test('the app is installable: a manifest and a service worker that never caches /api', async ({
  page,
}) => {
  await signUpViaApi(page);
  await page.goto('/chat');
  await serviceWorkerReady(page);
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const manifest = await (await page.request.get(href ?? '')).json();
  expect(manifest).toMatchObject({
    name: 'Besties',
    short_name: 'Besties',
    display: 'standalone',
    start_url: expect.any(String),
    theme_color: expect.any(String),
    background_color: expect.any(String),
  });
  const sizes = manifest.icons.map((icon: { sizes: string }) => icon.sizes);
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((icon: { purpose?: string }) => icon.purpose === 'maskable')).toBe(
    true,
  );
  expect(manifest.screenshots.length).toBeGreaterThan(0);
  for (const icon of manifest.icons) {
    expect((await page.request.get(icon.src)).status()).toBe(200);
  }
  const worker = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const cached = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) cached.push(request.url);
    }
    return { script: registration.active?.scriptURL ?? '', cached };
  });
  expect(worker.script).toMatch(/\/sw\.js$/);
  expect(worker.cached.some((url) => new URL(url).pathname === '/index.html')).toBe(true);
  expect(worker.cached.filter((url) => new URL(url).pathname.startsWith('/api/'))).toEqual([]);
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveCount(1);
});
