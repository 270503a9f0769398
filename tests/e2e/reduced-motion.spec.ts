import { expect, test, type Page } from '@playwright/test';
import { chatWithMessage, signUpViaApi, TEASER_BUTTON } from './helpers';

/**
 * With prefers-reduced-motion she sees no animation. Each animated thing is brought
 * on screen (dialogs, the drawer, a toast, messages arriving, the upgrade celebration, the
 * landing page's teaser line and smooth scroll), then nothing may move for longer than
 * 0.01 ms: no element's CSS animation or transition lasts longer, every running animation has
 * already ended, and nothing scrolls smoothly.
 */

/** Elements that show only for a moment (loading rings, the typing dots), drawn to be checked. */
const PASSING_STATES = `
  <div class="spinner"><div class="spinner__ring"></div></div>
  <div class="message-list__loading-ring"></div>
  <div class="chat-bubble chat-bubble--bestie typing"><span></span><span></span><span></span></div>
`;

interface Motion {
  /** Elements whose CSS animation or transition lasts longer than 0.01 ms. */
  slow: string[];
  /** Animations (CSS or script) that have not finished or last longer than 0.01 ms. */
  running: string[];
  /** Elements that scroll smoothly. */
  smooth: string[];
}

async function motionOnScreen(page: Page): Promise<Motion> {
  return page.evaluate((passing) => {
    const probe = document.createElement('div');
    probe.setAttribute('aria-hidden', 'true');
    probe.innerHTML = passing;
    document.body.append(probe);
    const longest = (list: string) =>
      Math.max(
        ...list.split(',').map((part) => {
          const value = parseFloat(part);
          return part.trim().endsWith('ms') ? value : value * 1000;
        }),
      );
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ').join('.')}` : ''}`;
    const slow: string[] = [];
    const smooth: string[] = [];
    // No stylesheet of ours draws a ::before or ::after, so elements are enough.
    for (const element of [document.documentElement, ...document.querySelectorAll('body *')]) {
      const style = getComputedStyle(element);
      const animated = style.animationName !== 'none' && longest(style.animationDuration) > 0.01;
      const transitioned =
        style.transitionProperty !== 'none' && longest(style.transitionDuration) > 0.01;
      if (animated || transitioned) {
        slow.push(
          `${name(element)}: ${animated ? `animation ${style.animationName} ${style.animationDuration}` : ''} ${transitioned ? `transition ${style.transitionProperty} ${style.transitionDuration}` : ''}`,
        );
      }
      if (style.scrollBehavior === 'smooth') smooth.push(name(element));
    }
    const running = document
      .getAnimations()
      .filter((animation) => {
        const timing = animation.effect?.getComputedTiming();
        const lasts = Number(timing?.activeDuration ?? 0);
        return animation.playState === 'running' && lasts > 0.01;
      })
      .map((animation) => {
        const target = (animation.effect as KeyframeEffect | null)?.target;
        const label =
          (animation as CSSAnimation).animationName ??
          (animation as CSSTransition).transitionProperty ??
          'script';
        return `${target ? name(target) : '?'}: ${label}`;
      });
    probe.remove();
    return { slow, running, smooth };
  }, PASSING_STATES);
}

async function expectStill(page: Page, where: string) {
  const motion = await motionOnScreen(page);
  expect(motion, `${where}: ${JSON.stringify(motion, null, 1)}`).toEqual({
    slow: [],
    running: [],
    smooth: [],
  });
}

test.describe('with prefers-reduced-motion: reduce', () => {
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
  });

  test('the landing page, its dialog and its scroll to the besties do not move', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.goto('/');
    const hero = page.getByRole('button', { name: /You won't believe what happened/ });
    await expect(hero).toBeVisible({ timeout: 20_000 });
    await expectStill(page, 'landing page');
    await hero.click();
    const dialog = page.getByRole('dialog', { name: 'Spill it, bestie!' });
    await expect(dialog).toBeVisible();
    await expectStill(page, 'hero dialog open');
    // 'Meet the Besties' scrolls to them: at once, not smoothly.
    await dialog.getByRole('button', { name: 'Meet the Besties' }).click();
    await expect(dialog).toBeHidden();
    const section = page.getByRole('heading', { name: 'Meet your besties' });
    await expect(section).toBeInViewport();
    const landed = await page.evaluate(() => window.scrollY);
    expect(landed).toBeGreaterThan(0);
    await page.waitForTimeout(400);
    expect(await page.evaluate(() => window.scrollY)).toBe(landed);
    await expectStill(page, 'after the scroll');
  });

  test('her chat, a reply, a toast, the plans and the drawer do not move', async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    await signUpViaApi(page);
    await page.goto(`/chat?new=${Date.now()}`);
    const box = page.getByRole('textbox', { name: 'Message your bestie' });
    await expect(box).toBeFocused({ timeout: 20_000 });
    await box.fill('My sister borrowed my car again without asking');
    await box.press('Enter');
    const log = page.getByRole('log', { name: 'Messages' });
    await expect(log.getByText('My sister borrowed my car')).toBeVisible({ timeout: 20_000 });
    await expectStill(page, 'her message');
    await expect(log.getByRole('button', { name: TEASER_BUTTON })).toBeVisible({
      timeout: 30_000,
    });
    await expectStill(page, 'the reply');

    // The nudge waits until she leaves her message box.
    await box.blur();
    const upgrade = page.getByRole('dialog', { name: 'Upgrade Your Bestie' });
    await expect(upgrade).toBeVisible({ timeout: 15_000 });
    await expectStill(page, 'the upgrade dialog');
    await upgrade.getByRole('button', { name: 'Cancel' }).click();
    await expect(upgrade).toBeHidden();

    // A toast: the persona picker asks for a bestie first.
    const menu = page.getByRole('button', { name: 'Open menu' });
    if (testInfo.project.name === 'phone') {
      await menu.click();
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
      await expectStill(page, 'the drawer');
    }
    await page
      .getByRole('navigation', { name: 'Chat history' })
      .getByRole('button', { name: 'New Chat', exact: true })
      .click();
    const picker = page.getByRole('dialog', { name: 'Choose Your Bestie' });
    await expect(picker).toBeVisible();
    // Marked aria-disabled, not disabled: she can still press it and hear why not.
    await picker.getByRole('button', { name: 'Start Chatting' }).focus();
    await page.keyboard.press('Enter');
    // By text: the open dialog hides the rest of the page, toast area included, from roles.
    // Exact: for a moment Radix also reads the toast out in a hidden 'Notification …' span.
    await expect(page.getByText('No persona selected', { exact: true })).toBeVisible();
    await expectStill(page, 'a toast over the persona picker');
  });

  test('the upgrade celebration does not move, coming or going', async ({ page }) => {
    test.setTimeout(90_000);
    await signUpViaApi(page);
    const id = await chatWithMessage(page, 'Hello Cassie');
    await page.goto(`/chat/${id}?success=true&plan=bestie-month`);
    const celebration = page.getByRole('status').filter({ hasText: 'Bestie Upgrade Complete!' });
    await expect(celebration).toBeVisible({ timeout: 20_000 });
    await expectStill(page, 'the celebration');
    // Closed (it may already be on its way out by itself after 10 s on a busy machine).
    await page.evaluate(() =>
      document.querySelector<HTMLButtonElement>('.celebration__close')?.click(),
    );
    await expectStill(page, 'the celebration leaving');
    await expect(celebration).toBeHidden();
  });
});

test('without the preference, the same screens do animate (the check can see motion)', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.goto('/');
  const hero = page.getByRole('button', { name: /You won't believe what happened/ });
  await expect(hero).toBeVisible({ timeout: 20_000 });
  const motion = await motionOnScreen(page);
  expect(motion.smooth).toContain('html');
  expect(motion.slow.join('\n')).toMatch(/spinner__ring: animation spin/);
  expect(motion.slow.join('\n')).toMatch(/teaser-bar__text: animation teaser-in/);
});
