import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  CASSIE_CHAT_URL,
  chatWithMessage,
  fillLogIn,
  fillSignUp,
  goOffline,
  goOnline,
  openChatHistory,
  PASSWORD,
  signUpViaApi,
  toasts,
  uniqueEmail,
} from './helpers';

const SIGNED_OUT = 'You were signed out. Log in again to see your chats.';
const HER_SECRET = 'Her secret about the wedding plans';

/** One sync cycle now, as the `online` event starts it (the app also syncs every 30 s). */
async function syncCycle(page: Page) {
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
}

/**
 * Whether the tab has shown `text` since: a title drawn for one frame is caught, across
 * reloads and navigations (kept in the tab's sessionStorage).
 */
async function watchForText(page: Page, text: string) {
  await page.addInitScript((watched) => {
    const seen = () => {
      if (document.body?.textContent?.includes(watched)) sessionStorage.setItem('sawIt', '1');
    };
    new MutationObserver(seen).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  }, text);
  return () => page.evaluate(() => sessionStorage.getItem('sawIt') === '1');
}

/** Her sessions all end but one made elsewhere: "Sign out other devices" on another device. */
async function endHerSessionElsewhere(browser: Browser, email: string) {
  const elsewhere = await browser.newContext();
  const login = await elsewhere.request.post('/api/login', { data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  expect((await elsewhere.request.delete('/api/sessions')).ok()).toBe(true);
  await elsewhere.close();
}

/**
 * Her chats on this device (an empty Cassie chat among them, where a visitor's held words
 * would go), and a message written offline still waiting in its outbox.
 */
async function herChatsWithAQueuedMessage(page: Page) {
  const email = await signUpViaApi(page);
  // Where she lands after signing up: an empty Cassie chat is made for her.
  await page.goto('/chat?bestie=cassie');
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  const id = await chatWithMessage(page, HER_SECRET);
  await page.goto(`/chat/${id}`);
  const log = page.getByRole('log', { name: 'Messages' });
  // Read from the device: her chat is on it.
  await expect(log.getByText(HER_SECRET)).toBeVisible();
  await goOffline(page.context());
  const box = page.getByPlaceholder('Message your bestie...');
  await box.fill('Written offline before she was signed out');
  await box.press('Enter');
  await expect(log.getByText('Queued')).toBeVisible();
  return { email, id };
}

test('a device whose session ended elsewhere shows none of her chats and says she was signed out; logging back in brings them back and sends what she wrote offline', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const { email, id } = await herChatsWithAQueuedMessage(page);
  await endHerSessionElsewhere(browser, email);
  await goOnline(page.context());

  const sawHerChats = await watchForText(page, HER_SECRET.slice(0, 20));
  await page.goto('/chat?bestie=cassie');
  const history = await openChatHistory(page);
  await expect(history.getByText(SIGNED_OUT)).toBeVisible();
  await expect(history.getByRole('link', { name: /wedding/ })).toHaveCount(0);
  expect(await sawHerChats()).toBe(false);

  await history.getByRole('link', { name: 'Log In' }).click();
  await fillLogIn(page, email, PASSWORD);
  await expect(page).toHaveURL(CASSIE_CHAT_URL);
  // (Her newest chat may open with its reply's upgrade nudge over it: her chat is opened anew.)
  await page.goto(`/chat/${id}`);
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText(HER_SECRET)).toBeVisible();
  await expect(log.getByText('Written offline before she was signed out')).toBeVisible();
  await expect(log.getByText('Queued')).toBeHidden({ timeout: 15_000 });
  await expect((await openChatHistory(page)).getByRole('link', { name: /wedding/ })).toBeVisible();
  const saved = (await (await page.request.get(`/api/chats/${id}`)).json()) as {
    messages: { message: string }[];
  };
  expect(saved.messages.map((m) => m.message)).toContain(
    'Written offline before she was signed out',
  );
});

/**
 * A visitor on /chat?bestie=cassie writes her first message and signs up from the login modal:
 * it reaches the server, as her one chat, and comes back after a reload.
 */
async function visitorSignsUpWithHerFirstMessage(page: Page) {
  if (await page.getByRole('button', { name: 'Close' }).isVisible()) {
    await page.getByRole('button', { name: 'Close' }).click();
  }
  const box = page.getByPlaceholder('Message your bestie...');
  await box.fill('Hi Cassie, it is my first time here');
  await box.press('Enter');
  const modal = page.getByRole('dialog', { name: 'Continue chatting with Cassie' });
  await expect(modal).toBeVisible();
  await fillSignUp(page, uniqueEmail('visitor'), PASSWORD);
  await expect(modal).toBeHidden();
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText('Hi Cassie, it is my first time here')).toBeVisible();

  const chats = async () =>
    (await (await page.request.get('/api/chats')).json()) as { id: string; title: string }[];
  await expect.poll(async () => (await chats()).length).toBe(1);
  const [chat] = await chats();
  const saved = (await (await page.request.get(`/api/chats/${chat!.id}`)).json()) as {
    messages: { message: string }[];
  };
  expect(saved.messages.map((m) => m.message)).toContain('Hi Cassie, it is my first time here');
  await page.reload();
  await expect(log.getByText('Hi Cassie, it is my first time here')).toBeVisible();
}

test("a visitor on her device after her session ended never sees her chats, and signing up keeps the visitor's first message", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const { email } = await herChatsWithAQueuedMessage(page);
  await endHerSessionElsewhere(browser, email);
  await goOnline(page.context());

  const sawHerChats = await watchForText(page, HER_SECRET.slice(0, 20));
  await page.goto('/chat?bestie=cassie');
  await expect((await openChatHistory(page)).getByText(SIGNED_OUT)).toBeVisible();
  await visitorSignsUpWithHerFirstMessage(page);
  expect(await sawHerChats()).toBe(false);
});

test('she is told at once when her session ends while she is using the app, and the next person on the tab starts clean', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const { email } = await herChatsWithAQueuedMessage(page);
  await endHerSessionElsewhere(browser, email);
  // Back online, her queued message is pushed, and the server answers 401.
  await goOnline(page.context());
  await syncCycle(page);
  await expect(toasts(page).getByText('You were signed out')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\?/);

  // The next person, on the same tab with no reload (as a link within the app takes her).
  await page.evaluate(() => {
    window.history.pushState(null, '', '/chat?bestie=cassie');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page).toHaveURL(/\/chat\?bestie=cassie$/);
  const history = await openChatHistory(page);
  await expect(history.getByText(SIGNED_OUT)).toBeVisible();
  await expect(history.getByRole('link', { name: /wedding/ })).toHaveCount(0);
  await visitorSignsUpWithHerFirstMessage(page);
});
