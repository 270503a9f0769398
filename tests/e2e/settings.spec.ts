import { readFile } from 'node:fs/promises';
import { test, expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { unzip } from '../unzip';
import {
  chatWithMessage,
  fillLogIn,
  goOffline,
  goOnline,
  openChatHistory,
  PASSWORD,
  signUpViaApi,
  toasts,
  uniqueEmail,
} from './helpers';

/** Every control in Settings works and lasts across reloads and devices. */

async function openSettings(page: Page) {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
}

const profile = (page: Page) => page.getByRole('region', { name: 'Profile' });

test('she edits her profile, and it is there after a reload and in the chat list', async ({
  page,
}) => {
  await signUpViaApi(page);
  await openSettings(page);
  const section = profile(page);
  await section.getByLabel('Name').fill('  Ann Lee  ');
  await section.getByLabel('Age Range').selectOption('25-34');
  await expect(section.getByLabel('Location')).toHaveAttribute('placeholder', 'City, State');
  await section.getByLabel('Location').fill('Austin, TX');
  await section.getByRole('button', { name: 'Save Profile' }).click();
  await expect(toasts(page)).toContainText('Profile updated');
  await expect(toasts(page)).toContainText('Your profile has been successfully updated');

  await expect
    .poll(async () => (await (await page.request.get('/api/user')).json()) as unknown)
    .toMatchObject({ name: 'Ann Lee', metadata: { ageRange: '25-34', location: 'Austin, TX' } });

  await page.reload();
  await expect(profile(page).getByLabel('Name')).toHaveValue('Ann Lee');
  await expect(profile(page).getByLabel('Age Range')).toHaveValue('25-34');
  await expect(profile(page).getByLabel('Location')).toHaveValue('Austin, TX');

  await page.goto('/chat');
  const history = await openChatHistory(page);
  await expect(history.getByText('Ann Lee')).toBeVisible();
});

test('a profile edit made offline is kept on the device and reaches her account online', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await signUpViaApi(page);
  await openSettings(page);
  await expect(page.getByText('This device', { exact: true })).toBeVisible();
  await goOffline(context);
  await page.evaluate(() => window.dispatchEvent(new Event('offline')));
  await profile(page).getByLabel('Name').fill('Offline Ann');
  await profile(page).getByRole('button', { name: 'Save Profile' }).click();
  await expect(toasts(page)).toContainText(
    "Saved on this device. It will sync when you're back online.",
  );

  await goOnline(context);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect
    .poll(
      async () => ((await (await page.request.get('/api/user')).json()) as { name: string }).name,
      {
        timeout: 15_000,
      },
    )
    .toBe('Offline Ann');
  await page.reload();
  await expect(profile(page).getByLabel('Name')).toHaveValue('Offline Ann');
});

test('a name too long is refused with a clear error and nothing is saved', async ({ page }) => {
  await signUpViaApi(page);
  await openSettings(page);
  const section = profile(page);
  await section.getByLabel('Name').fill('x'.repeat(61));
  await section.getByRole('button', { name: 'Save Profile' }).click();
  await expect(section.getByText('Name must be at most 60 characters')).toBeVisible();
  await expect(section.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  const user = (await (await page.request.get('/api/user')).json()) as { name: string | null };
  expect(user.name).toBeNull();
});

test('her theme is kept after a reload and follows her to a new device', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const email = await signUpViaApi(page);
  await openSettings(page);
  await page.getByRole('radio', { name: 'Dark' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect
    .poll(
      async () => ((await (await page.request.get('/api/user')).json()) as { theme: string }).theme,
    )
    .toBe('dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();

  const other = await browser.newContext();
  const second = await other.newPage();
  await second.goto('/auth');
  await expect(second.locator('html')).toHaveAttribute('data-theme', 'pink');
  await fillLogIn(second, email, PASSWORD);
  await expect(second).toHaveURL(/\/chat/);
  await expect(second.locator('html')).toHaveAttribute('data-theme', 'dark');
  await second.reload();
  await expect(second.locator('html')).toHaveAttribute('data-theme', 'dark');
  await other.close();
});

test('she uploads a picture, sees it at once and after a reload, and removes it', async ({
  page,
}) => {
  await signUpViaApi(page);
  await openSettings(page);
  const section = profile(page);
  const png = await sharp({
    create: { width: 640, height: 480, channels: 3, background: '#ff69b4' },
  })
    .png()
    .toBuffer();
  await section
    .locator('input[type="file"]')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(toasts(page)).toContainText('Profile picture updated');
  const picture = section.getByRole('img', { name: /profile picture/i });
  await expect(picture).toHaveAttribute('src', /\/api\/user\/profile-image\//);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);

  await page.reload();
  await expect(profile(page).getByRole('img', { name: /profile picture/i })).toHaveAttribute(
    'src',
    /\/api\/user\/profile-image\//,
  );

  await profile(page).getByRole('button', { name: 'Remove picture' }).click();
  await expect(toasts(page)).toContainText('Profile picture removed');
  await expect(profile(page).getByRole('button', { name: 'Remove picture' })).toHaveCount(0);
  const user = (await (await page.request.get('/api/user')).json()) as {
    profileImage: string | null;
  };
  expect(user.profileImage).toBeNull();
});

test('a file that is not a JPG, PNG or WebP is refused with the spec words', async ({ page }) => {
  await signUpViaApi(page);
  await openSettings(page);
  await profile(page)
    .locator('input[type="file"]')
    .setInputFiles({ name: 'me.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(toasts(page)).toContainText('Invalid file type');
  await expect(toasts(page)).toContainText('Please upload a JPG, PNG, or WebP image.');
});

test('she downloads all her data, and a chat as Markdown', async ({ page }) => {
  await signUpViaApi(page);
  const chatId = await chatWithMessage(page, 'my sister borrowed my dress again');
  await openSettings(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^besties-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const entries = await unzip(await readFile((await download.path())!));
  expect([...entries.keys()]).toContainEqual(
    expect.stringMatching(/^chats\/0001-.*my-sister-borrowed-my-dress-again\.md$/),
  );
  const data = JSON.parse(entries.get('data.json')?.toString('utf8') ?? '') as {
    user: { email: string };
    chats: { id: string; messages: { message: string }[] }[];
  };
  const chat = data.chats.find((item) => item.id === chatId);
  expect(chat?.messages.map((message) => message.message)).toContain(
    'my sister borrowed my dress again',
  );

  await page.goto(`/chat/${chatId}`);
  await expect(
    page.getByRole('log', { name: 'Messages' }).getByText('my sister borrowed my dress again'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Chat options' }).click();
  const [markdown] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Export as Markdown' }).click(),
  ]);
  expect(markdown.suggestedFilename()).toMatch(/\.md$/);
  const text = await readFile((await markdown.path())!, 'utf8');
  expect(text).toContain('my sister borrowed my dress again');
  expect(text).toContain('Cassie');
});

test('she signs her other devices out', async ({ page, browser }) => {
  const email = uniqueEmail();
  await signUpViaApi(page, email);
  const other = await browser.newContext();
  const second = await other.newPage();
  const login = await second.request.post('/api/login', { data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);

  await openSettings(page);
  const devices = page.getByRole('region', { name: 'Your devices' });
  await expect(devices.getByText('This device', { exact: true })).toBeVisible();
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  await devices.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  expect((await second.request.get('/api/user')).status()).toBe(401);
  expect((await page.request.get('/api/user')).status()).toBe(200);
  await other.close();
});

test('she deletes her account: nothing of hers is left, and the email can sign up again', async ({
  page,
}) => {
  // Sign-up, a chat, settings, two deletes, the device emptied and a new sign-up: 27 s on
  // desktop in a quiet CI run, past the default 30 s on a busy phone run.
  test.setTimeout(60_000);
  const email = await signUpViaApi(page);
  const chatId = await chatWithMessage(page, 'please forget everything');
  await page.goto(`/chat/${chatId}`);
  await expect(
    page.getByRole('log', { name: 'Messages' }).getByText('please forget everything'),
  ).toBeVisible();
  await openSettings(page);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  const confirm = dialog.getByRole('button', { name: /delete/i }).last();
  await dialog.getByLabel('Password').fill('not-my-password');
  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
  await confirm.click();
  await expect(dialog.getByText('That password is not right')).toBeVisible();

  await dialog.getByLabel('Password').fill(PASSWORD);
  await confirm.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toasts(page)).toContainText('Account deleted');
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const open = indexedDB.open('besties');
            open.onsuccess = () => {
              const db = open.result;
              const names = Array.from(db.objectStoreNames);
              if (names.length === 0) return resolve(0);
              const tx = db.transaction(names, 'readonly');
              let total = 0;
              let left = names.length;
              for (const name of names) {
                const count = tx.objectStore(name).count();
                count.onsuccess = () => {
                  total += count.result;
                  left -= 1;
                  if (left === 0) resolve(total);
                };
              }
            };
          }),
      ),
    )
    .toBe(0);
  expect((await page.request.get('/api/user')).status()).toBe(401);
  const oldLogin = await page.request.post('/api/login', { data: { email, password: PASSWORD } });
  expect(oldLogin.status()).toBe(401);
  const again = await page.request.post('/api/register', { data: { email, password: PASSWORD } });
  expect(again.status()).toBe(201);
  expect(((await (await page.request.get('/api/chats')).json()) as unknown[]).length).toBe(0);
});
