import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectVisibleFocus, focusedName, tabTo } from './focus';
import { chatWithMessage, signUpViaApi, TEASER_BUTTON } from './helpers';

/**
 * Every dialog (and the chat's options menu) takes focus when it opens, keeps Tab and
 * Shift+Tab inside itself, closes on Escape, and gives focus back to the control that opened
 * it. Each is opened from the keyboard, the way she would.
 */
interface Case {
  name: string;
  /** Only on a phone or only on a desktop (the drawer, the picker's way in). */
  only?: 'phone' | 'desktop';
  /** Opens it from the keyboard; answers the open dialog and where focus must come back to. */
  open: (page: Page, phone: boolean) => Promise<{ dialog: Locator; returnsTo: Locator }>;
}

/** Tabs to `opener` and presses Enter; `dialog` must then show. */
async function openWith(page: Page, opener: Locator, dialog: Locator, back = false) {
  await tabTo(page, opener, { back, max: 60 });
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  return { dialog, returnsTo: opener };
}

async function herChat(page: Page, message = 'My sister borrowed my car again without asking') {
  await signUpViaApi(page);
  const id = await chatWithMessage(page, message);
  await page.goto(`/chat/${id}`);
  const box = page.getByRole('textbox', { name: 'Message your bestie' });
  // The box takes focus as the chat opens; the keyboard starts from there.
  await expect(box).toBeFocused({ timeout: 20_000 });
  await expect(page.getByRole('log', { name: 'Messages' }).getByText(message)).toBeVisible({
    timeout: 30_000,
  });
}

const CASES: Case[] = [
  {
    name: "the landing page's hero dialog",
    open: async (page) => {
      await page.goto('/');
      return openWith(
        page,
        page.getByRole('button', { name: /You won't believe what happened/ }),
        page.getByRole('dialog', { name: 'Spill it, bestie!' }),
      );
    },
  },
  {
    name: "the landing page's plan dialog",
    open: async (page) => {
      await page.goto('/');
      return openWith(
        page,
        page.getByRole('button', { name: /Bestie for Life/ }),
        page.getByRole('dialog', { name: 'Ready to meet your bestie?' }),
      );
    },
  },
  {
    name: 'the login modal',
    open: async (page) => {
      await page.goto('/chat?bestie=cassie');
      const box = page.getByRole('textbox', { name: 'Message your bestie' });
      await expect(box).toBeFocused({ timeout: 20_000 });
      await page.keyboard.type('Hi Cassie');
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Continue chatting with Cassie' });
      await expect(dialog).toBeVisible();
      // She pressed Enter in the message box: that is where she goes back to.
      return { dialog, returnsTo: box };
    },
  },
  {
    name: 'the chat history drawer',
    only: 'phone',
    open: async (page) => {
      await herChat(page);
      return openWith(
        page,
        page.getByRole('button', { name: 'Open menu' }),
        page.getByRole('dialog', { name: 'Menu' }),
        true,
      );
    },
  },
  {
    name: 'the persona picker',
    open: async (page, phone) => {
      await herChat(page);
      const picker = page.getByRole('dialog', { name: 'Choose Your Bestie' });
      if (!phone) {
        return openWith(
          page,
          page.getByRole('button', { name: 'New Chat', exact: true }),
          picker,
          true,
        );
      }
      // On a phone it opens from the drawer, which closes on the way: focus goes back to the
      // button that opened the drawer.
      const menu = page.getByRole('button', { name: 'Open menu' });
      const drawer = page.getByRole('dialog', { name: 'Menu' });
      await openWith(page, menu, drawer, true);
      await tabTo(page, drawer.getByRole('button', { name: 'New Chat', exact: true }));
      await page.keyboard.press('Enter');
      await expect(picker).toBeVisible();
      return { dialog: picker, returnsTo: menu };
    },
  },
  {
    name: 'the upload dialog',
    open: async (page) => {
      await herChat(page);
      return openWith(
        page,
        page.getByRole('button', { name: 'Upload screenshot' }),
        page.getByRole('dialog', { name: 'Upload Screenshot' }),
        true,
      );
    },
  },
  {
    name: 'the upgrade dialog',
    open: async (page) => {
      await herChat(page);
      return openWith(
        page,
        page.getByRole('button', { name: TEASER_BUTTON }),
        page.getByRole('dialog', { name: 'Upgrade Your Bestie' }),
        true,
      );
    },
  },
  {
    name: "the chat's options menu",
    open: async (page) => {
      await herChat(page);
      return openWith(
        page,
        page.getByRole('button', { name: 'Chat options' }),
        page.getByRole('menu'),
        true,
      );
    },
  },
  {
    name: 'crisis help',
    open: async (page) => {
      await herChat(page, 'I want to kill myself');
      return openWith(
        page,
        page.getByRole('button', { name: 'Get help now' }),
        page.getByRole('dialog', { name: 'Get help now' }),
        true,
      );
    },
  },
  {
    name: 'the delete chat dialog',
    only: 'desktop',
    open: async (page) => {
      await herChat(page);
      return openWith(
        page,
        page.getByRole('navigation', { name: 'Chat history' }).getByRole('button', {
          name: 'Delete chat',
        }),
        page.getByRole('dialog', { name: 'Delete chat?' }),
        true,
      );
    },
  },
  {
    name: 'the delete account dialog',
    open: async (page) => {
      await signUpViaApi(page);
      await page.goto('/settings');
      await expect(page.getByText('This device', { exact: true })).toBeVisible({
        timeout: 20_000,
      });
      return openWith(
        page,
        page.getByRole('button', { name: 'Delete my account' }),
        page.getByRole('dialog', { name: 'Delete your account?' }),
      );
    },
  },
];

const focusInside = (dialog: Locator) =>
  dialog.evaluate((node) => node.contains(document.activeElement));

for (const dialogCase of CASES) {
  test(`${dialogCase.name} traps focus, closes on Escape and gives focus back`, async ({
    page,
  }, testInfo) => {
    const phone = testInfo.project.name === 'phone';
    test.skip(
      dialogCase.only !== undefined && dialogCase.only !== testInfo.project.name,
      `only on ${dialogCase.only}`,
    );
    test.setTimeout(90_000);
    const { dialog, returnsTo } = await dialogCase.open(page, phone);

    // Focus moves in as it opens.
    await expect.poll(() => focusInside(dialog)).toBe(true);
    await expectVisibleFocus(page, `${dialogCase.name} on open`);

    // Tab, then Shift+Tab, go round its controls and never reach the page behind.
    const stops = await dialog.evaluate(
      (node) =>
        node.querySelectorAll(
          'a[href], button:not(:disabled), input:not(:disabled):not([tabindex="-1"]), textarea, [tabindex="0"], [role="menuitem"]',
        ).length,
    );
    for (const key of ['Tab', 'Shift+Tab']) {
      const seen: string[] = [];
      for (let press = 0; press < stops + 2; press += 1) {
        await page.keyboard.press(key);
        seen.push(await focusedName(page));
        expect(await focusInside(dialog), `${key} ×${press + 1} left the dialog: ${seen}`).toBe(
          true,
        );
        await expectVisibleFocus(page, `${dialogCase.name}, ${key} ×${press + 1}`);
      }
    }

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(returnsTo).toBeFocused();
    await expectVisibleFocus(page, `${dialogCase.name} after closing`);
  });
}
