import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { chatWithMessage, openChatHistory, signUpViaApi } from './helpers';

/**
 * Axe finds no serious or critical violation on any screen, in each theme, at phone
 * and desktop size (the two projects). Each screen is checked as she sees it: its dialogs open,
 * its states shown.
 */
const THEMES = ['pink', 'light', 'dark'] as const;

interface Screen {
  name: string;
  /** Brings the page to the screen and waits until it shows. */
  open: (page: Page) => Promise<void>;
}

const simplePage = (path: string): Screen => ({
  name: path,
  open: async (page) => {
    await page.goto(path);
    await expect(page.getByRole('heading').first()).toBeVisible({ timeout: 20_000 });
  },
});

async function openHerChat(page: Page) {
  await signUpViaApi(page);
  const id = await chatWithMessage(page, 'My sister borrowed my car again without asking');
  await page.goto(`/chat/${id}`);
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText('My sister borrowed my car')).toBeVisible({ timeout: 15_000 });
  await expect(log.locator('.chat-bubble--bestie').first()).toBeVisible();
}

const SCREENS: Screen[] = [
  simplePage('/'),
  simplePage('/forgot-password'),
  simplePage('/reset-password?token=not-a-real-token'),
  simplePage('/privacy'),
  simplePage('/terms'),
  simplePage('/checkout-success'),
  simplePage('/no-such-page'),
  {
    name: 'a screen that could not be fetched',
    open: async (page) => {
      await page.route('**/assets/Landing-*.js', (route) => route.abort('internetdisconnected'));
      await page.goto('/');
      await expect(page.getByRole('heading', { name: "This page didn't load" })).toBeVisible();
    },
  },
  {
    name: 'log in',
    open: async (page) => {
      await page.goto('/auth');
      await expect(page.getByRole('tabpanel', { name: 'Log In' })).toBeVisible();
    },
  },
  {
    name: 'sign up',
    open: async (page) => {
      await page.goto('/auth');
      await page.getByRole('tab', { name: 'Sign Up' }).click();
      await expect(page.getByRole('tabpanel', { name: 'Sign Up' })).toBeVisible();
    },
  },
  {
    name: 'a visitor chatting with Cassie',
    open: async (page) => {
      await page.goto('/chat?bestie=cassie');
      await expect(page.getByRole('log', { name: 'Messages' })).toBeVisible({ timeout: 20_000 });
    },
  },
  {
    name: 'the login modal',
    open: async (page) => {
      await page.goto('/chat?bestie=cassie');
      await expect(page.getByRole('log', { name: 'Messages' })).toBeVisible({ timeout: 20_000 });
      await page.getByRole('textbox').first().fill('Hi Cassie');
      await page.getByRole('button', { name: 'Spill' }).click();
      await expect(
        page.getByRole('dialog', { name: 'Continue chatting with Cassie' }),
      ).toBeVisible();
    },
  },
  {
    name: 'checkout',
    open: async (page) => {
      await page.goto('/checkout?plan=bestie-lifetime');
      await expect(page.getByRole('dialog', { name: 'Subscribe to Bestie for Life' })).toBeVisible({
        timeout: 15_000,
      });
    },
  },
  { name: 'her chat with a teaser', open: openHerChat },
  {
    name: 'the chat history',
    open: async (page) => {
      await openHerChat(page);
      await expect(await openChatHistory(page)).toBeVisible();
    },
  },
  {
    name: 'the persona picker',
    open: async (page) => {
      await openHerChat(page);
      const history = await openChatHistory(page);
      await history.getByRole('button', { name: 'New Chat' }).click();
      await expect(page.getByRole('dialog', { name: 'Choose Your Bestie' })).toBeVisible();
    },
  },
  {
    name: 'the upload dialog',
    open: async (page) => {
      await openHerChat(page);
      await page.getByRole('button', { name: 'Upload screenshot' }).click();
      await expect(page.getByRole('dialog', { name: 'Upload Screenshot' })).toBeVisible();
    },
  },
  {
    name: 'the upgrade dialog',
    open: async (page) => {
      await openHerChat(page);
      await page.getByRole('button', { name: 'HEAR WHAT YOUR BESTIE HAS TO SAY...' }).click();
      await expect(page.getByRole('dialog', { name: 'Upgrade Your Bestie' })).toBeVisible();
    },
  },
  {
    name: 'crisis help',
    open: async (page) => {
      await signUpViaApi(page);
      const id = await chatWithMessage(page, 'I want to kill myself');
      await page.goto(`/chat/${id}`);
      await expect(page.getByText(/988/).first()).toBeVisible({ timeout: 15_000 });
    },
  },
  {
    name: "a visitor's crisis: help with the login modal, and pinned",
    open: async (page) => {
      await page.goto('/chat?bestie=cassie');
      await expect(page.getByRole('log', { name: 'Messages' })).toBeVisible({ timeout: 20_000 });
      await page.getByRole('textbox').first().fill('i took all my sleeping pills');
      await page.getByRole('button', { name: 'Spill' }).click();
      const modal = page.getByRole('dialog', { name: 'Continue chatting with Cassie' });
      await expect(modal.getByRole('link', { name: 'Call 911 now' })).toBeVisible();
    },
  },
  {
    name: 'settings',
    open: async (page) => {
      await signUpViaApi(page);
      await page.goto('/settings');
      await expect(page.getByText('This device', { exact: true })).toBeVisible();
    },
  },
  {
    name: 'the delete account dialog',
    open: async (page) => {
      await signUpViaApi(page);
      await page.goto('/settings');
      await page.getByRole('button', { name: 'Delete my account' }).click();
      await expect(page.getByRole('dialog', { name: 'Delete your account?' })).toBeVisible();
    },
  },
];

for (const screen of SCREENS) {
  test(`${screen.name} has no serious accessibility violation in any theme`, async ({ page }) => {
    test.setTimeout(90_000);
    await screen.open(page);
    for (const theme of THEMES) {
      // What the theme picker does (app/theme): every colour comes from the data-theme tokens.
      await page.evaluate((value) => {
        document.documentElement.dataset.theme = value;
      }, theme);
      // Colours are checked once they settle: no colour transition or entrance animation left.
      await page.waitForFunction(() =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' ||
              animation.effect?.getComputedTiming().iterations === Infinity,
          ),
      );
      const { violations } = await new AxeBuilder({ page }).analyze();
      const serious = violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => ({
          rule: violation.id,
          help: violation.help,
          nodes: violation.nodes
            .slice(0, 4)
            .map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
        }));
      expect(serious, `${theme} theme: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
    }
  });
}
