import { expect, test } from '@playwright/test';
import { chatWithMessage, PASSWORD, signUpViaApi } from './helpers';

// Two phones of one account; the desktop project would only repeat it.
test.skip(({ isMobile }) => !isMobile, 'phone size only');

test('a message sent on one phone shows on her other phone within seconds, without a reload', async ({
  browser,
}) => {
  // Two browsers at once on a busy 2-core machine.
  test.setTimeout(90_000);
  const contexts = [await browser.newContext(), await browser.newContext()];
  const [a, b] = await Promise.all(contexts.map((context) => context.newPage()));
  if (!a || !b) throw new Error('two pages');
  const email = await signUpViaApi(a);
  expect(
    (await b.request.post('/api/login', { data: { email, password: PASSWORD } })).status(),
  ).toBe(200);
  const chatId = await chatWithMessage(a, 'Hello from my first phone');

  await a.goto(`/chat/${chatId}`);
  const liveOnB = b.waitForResponse((answer) => answer.url().endsWith('/api/sync/events'));
  await b.goto(`/chat/${chatId}`);
  const logB = b.getByRole('log', { name: 'Messages' });
  await expect(logB.getByText('Hello from my first phone')).toBeVisible();
  expect((await liveOnB).status()).toBe(200);

  const box = a.getByPlaceholder('Message your bestie...');
  await box.fill('Is this on my other phone yet?');
  const sent = Date.now();
  await box.press('Enter');
  // The timer pull is 30 s away: only the live channel brings it this soon.
  await expect(logB.getByText('Is this on my other phone yet?')).toBeVisible({ timeout: 5000 });
  expect(Date.now() - sent).toBeLessThan(5000);
  // No reload: still the page B opened.
  expect(await b.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
  await Promise.all(contexts.map((context) => context.close()));
});
