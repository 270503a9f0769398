import { expect, test, type Page, type Route, type TestInfo } from '@playwright/test';
import { intentIdOfSecret } from '../../shared/payments';
import { toasts } from './helpers';

/**
 * A checkout whose Stripe.js cannot load says so, and /checkout-success says 'Payment
 * Successful!' only once the server calls the payment fulfilled (docs/API.md, Plans and
 * payments).
 */

const SHOTS = process.env.PAYUI_SHOTS ?? 'test-results/screenshots';
const THEMES = ['pink', 'light', 'dark'] as const;
const LOAD_FAILED =
  "We couldn't load the secure payment form. Check your connection or any content blocker, then try again.";

/**
 * A stand-in for Stripe.js, just enough for the Payment Element to mount and say it is ready
 * (React Stripe.js checks for these methods); it takes no payment.
 */
const FAKE_STRIPE_JS = `
window.Stripe = function () {
  var handlers = {};
  var element = {
    mount: function () {
      setTimeout(function () {
        (handlers.ready || []).forEach(function (f) { f({ elementType: 'payment' }); });
      }, 300);
    },
    on: function (event, f) { (handlers[event] = handlers[event] || []).push(f); },
    off: function () {}, destroy: function () {}, unmount: function () {},
    update: function () {}, focus: function () {}
  };
  var noop = function () {};
  return {
    elements: function () {
      return { create: function () { return element; }, getElement: noop, update: noop };
    },
    createToken: noop, createPaymentMethod: noop, confirmCardPayment: noop, confirmPayment: noop
  };
};
window.Stripe.version = 'endive';
`;

/** The screen in each theme (switched in place: the stylesheets key on data-theme). */
async function shootThemes(page: Page, testInfo: TestInfo, name: string) {
  // Colours then change at once (no transition caught half way).
  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (const theme of THEMES) {
    await page.evaluate((value) => (document.documentElement.dataset.theme = value), theme);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    // A frame or two for the page's gradients to repaint.
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/${name}-${theme}-${testInfo.project.name}.png` });
  }
}

test.describe('a checkout whose Stripe.js does not load', () => {
  // The e2e server takes payments with its test provider, so its CSP (rightly) allows no
  // Stripe host: the browser would block Stripe.js before any route could answer for it.
  test.use({ bypassCSP: true });

  /** The server says Stripe takes the payments; Stripe.js is then asked of js.stripe.com. */
  async function asIfStripe(page: Page) {
    await page.route('**/api/config', (route) =>
      route.fulfill({ json: { payments: { provider: 'stripe', publishableKey: 'pk_test_e2e' } } }),
    );
  }

  test('unreachable: she is told, keeps what she typed, and Try again loads it again', async ({
    page,
  }, testInfo) => {
    await asIfStripe(page);
    let asked = 0;
    await page.route('https://js.stripe.com/**', (route) => {
      asked += 1;
      return route.abort('internetdisconnected');
    });
    await page.goto('/checkout?plan=bestie-month');
    const checkout = page.getByRole('dialog', { name: 'Subscribe to Bestie for the Month' });
    await checkout.getByLabel('Email').fill('ann@example.com');
    await checkout.getByLabel('Name').fill('Ann Lee');
    // At the latest 10 s after the form opened (here at once: the load failed).
    await expect(checkout.getByRole('alert')).toHaveText(LOAD_FAILED, { timeout: 12_000 });
    await expect(checkout.getByRole('button', { name: /^Pay / })).toHaveCount(0);
    await expect(checkout.getByLabel('Email')).toHaveValue('ann@example.com');
    await expect(checkout.getByLabel('Name')).toHaveValue('Ann Lee');
    await shootThemes(page, testInfo, 'stripe-load-failed');

    const before = asked;
    expect(before).toBeGreaterThan(0);
    await checkout.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => asked).toBeGreaterThan(before);
    // Still unreachable: said again, with focus on Try again for another go.
    await expect(checkout.getByRole('alert')).toHaveText(LOAD_FAILED, { timeout: 12_000 });
    await expect(checkout.getByRole('button', { name: 'Try again' })).toBeFocused();
    await expect(checkout.getByLabel('Email')).toHaveValue('ann@example.com');
    await expect(checkout.getByLabel('Name')).toHaveValue('Ann Lee');
  });

  test('slow: after 10 s she is told; Try again waits for it again, and the form comes', async ({
    page,
  }, testInfo) => {
    test.setTimeout(60_000);
    await asIfStripe(page);
    // Stripe.js held back (a stalled connection), then let through as a stand-in.
    let held: Route | undefined;
    await page.route('https://js.stripe.com/**', (route) => {
      held = route;
    });
    await page.goto('/checkout?plan=bestie-month');
    const checkout = page.getByRole('dialog', { name: 'Subscribe to Bestie for the Month' });
    const loading = checkout
      .getByRole('status')
      .filter({ hasText: 'Loading the secure card form' });
    await expect(loading).toBeVisible();
    const shownAt = Date.now();
    await shootThemes(page, testInfo, 'stripe-loading');
    await checkout.getByLabel('Name').fill('Ann Lee');
    await expect(checkout.getByRole('alert')).toHaveText(LOAD_FAILED, { timeout: 15_000 });
    // Not before its 10 s (less the moment between the form opening and the note seen).
    expect(Date.now() - shownAt).toBeGreaterThan(9_000);

    await checkout.getByRole('button', { name: 'Try again' }).click();
    await expect(checkout.getByRole('alert')).toHaveCount(0);
    await expect(loading).toBeFocused();
    expect(held).toBeDefined();
    await held?.fulfill({ contentType: 'application/javascript', body: FAKE_STRIPE_JS });
    await expect(checkout.getByRole('button', { name: 'Pay $14.99' })).toBeEnabled();
    await expect(loading).toHaveCount(0);
    await expect(checkout.getByLabel('Name')).toHaveValue('Ann Lee');
  });
});

test.describe('/checkout-success believes the server, not the redirect', () => {
  test('an unpaid intent back with redirect_status=succeeded says Payment Failed (verify: 402)', async ({
    page,
  }, testInfo) => {
    // A real, unpaid intent: made, never confirmed.
    const made = await page.request.post('/api/guest-create-payment-intent', {
      data: { planId: 'bestie-month' },
    });
    expect(made.ok()).toBe(true);
    const id = intentIdOfSecret(((await made.json()) as { clientSecret: string }).clientSecret);
    expect(id).not.toBeNull();
    const verified = page.waitForResponse('**/api/verify-payment');
    await page.goto(
      `/checkout-success?plan=bestie-month&payment_intent=${id}&payment_intent_client_secret=x&redirect_status=succeeded`,
    );
    expect((await verified).status()).toBe(402);
    await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
    await expect(
      page.getByText('Please check your card details and try again. You have not been charged.'),
    ).toBeVisible();
    await expect(toasts(page).getByText('Payment Failed')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toHaveCount(0);
    await expect(page.getByText(/Your subscription has been activated/)).toHaveCount(0);
    await shootThemes(page, testInfo, 'checkout-success-failed');
    await page.getByRole('link', { name: 'Try again' }).click();
    await expect(page).toHaveURL(/\/checkout\?plan=bestie-month$/);
    await expect(
      page.getByRole('dialog', { name: 'Subscribe to Bestie for the Month' }),
    ).toBeVisible();
  });

  test('a processing payment shows so and is checked again until it is fulfilled', async ({
    page,
  }, testInfo) => {
    test.setTimeout(60_000);
    let answered = 0;
    // The server's answers, stubbed: processing twice, then fulfilled.
    await page.route('**/api/verify-payment', (route) => {
      answered += 1;
      const status = answered <= 2 ? 'pending' : 'fulfilled';
      return route.fulfill({
        json: { ok: true, status, subscriptionTier: null, subscriptionEndsAt: null },
      });
    });
    await page.goto(
      '/checkout-success?plan=bestie-day&payment_intent=pi_e2e_processing&redirect_status=processing',
    );
    await expect(page.getByRole('heading', { name: 'Payment processing…' })).toBeVisible();
    await expect(
      page.getByText("We're confirming your payment. This can take a moment."),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toHaveCount(0);
    await shootThemes(page, testInfo, 'checkout-success-processing');
    // 2 s, then 4 s later: fulfilled.
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({
      timeout: 15_000,
    });
    expect(answered).toBe(3);
    await expect(page.getByRole('link', { name: 'Create Account' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();
    await shootThemes(page, testInfo, 'checkout-success-paid');
  });
});
