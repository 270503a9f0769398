import { devices, expect, test } from '@playwright/test';
import { chatWithMessage, PASSWORD, signUpViaApi } from './helpers';

// Her phone (390×844) and her laptop (1280×800) at once: one run covers both sizes.
test.skip(({ isMobile }) => !isMobile, 'one run holds both the phone and the laptop');

test('a message sent on her phone shows on her laptop within seconds, and so does a new name, without a reload', async ({
  browser,
}) => {
  // Two browsers at once on a busy 2-core machine.
  test.setTimeout(90_000);
  const phoneContext = await browser.newContext({
    ...devices['Pixel 7'],
    viewport: { width: 390, height: 844 },
  });
  const laptopContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const a = await phoneContext.newPage();
  const b = await laptopContext.newPage();
  const email = await signUpViaApi(a);
  expect(
    (await b.request.post('/api/login', { data: { email, password: PASSWORD } })).status(),
  ).toBe(200);
  const chatId = await chatWithMessage(a, 'Hello from my phone');

  await a.goto(`/chat/${chatId}`);
  const liveOnB = b.waitForResponse((answer) => answer.url().endsWith('/api/sync/events'));
  await b.goto(`/chat/${chatId}`);
  const logB = b.getByRole('log', { name: 'Messages' });
  await expect(logB.getByText('Hello from my phone')).toBeVisible();
  expect((await liveOnB).status()).toBe(200);

  const box = a.getByPlaceholder('Message your bestie...');
  await box.fill('Is this on my laptop yet?');
  const sent = Date.now();
  await box.press('Enter');
  // The timer pull is 30 s away: only the live channel brings it this soon.
  await expect(logB.getByText('Is this on my laptop yet?')).toBeVisible({ timeout: 5000 });
  expect(Date.now() - sent).toBeLessThan(5000);

  // Her name, set on the phone, reaches the laptop's chat list the same way.
  await a.goto('/settings');
  const profile = a.getByRole('region', { name: 'Profile' });
  await profile.getByLabel('Name').fill('Lily Live');
  const saved = Date.now();
  await profile.getByRole('button', { name: 'Save Profile' }).click();
  await expect(
    b.getByRole('navigation', { name: 'Chat history' }).getByText('Lily Live'),
  ).toBeVisible({ timeout: 5000 });
  expect(Date.now() - saved).toBeLessThan(5000);
  // No reload: still the page B opened.
  expect(await b.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
  await Promise.all([phoneContext.close(), laptopContext.close()]);
});
