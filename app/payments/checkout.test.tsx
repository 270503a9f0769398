import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getCurrentUser } from '../http/auth';
import { ApiError } from '../http/client';
import {
  confirmTestPayment,
  createPaymentIntent,
  getClientConfig,
  verifyPayment,
} from '../http/payments';
import { givenUser, renderApp, USER } from '../test-utils';
import { preloadDialogs } from '../components/ui/Dialog';
import { forgetPreparedCheckout } from './useCheckout';

// As on a screen that has painted: the dialogs' Radix side is in (see Dialog.tsx).
beforeAll(preloadDialogs);

vi.mock('../http/payments', () => ({
  getClientConfig: vi.fn(),
  createPaymentIntent: vi.fn(),
  verifyPayment: vi.fn(),
  confirmTestPayment: vi.fn(),
  getPurchases: vi.fn(),
}));
vi.mock('../http/auth', () => ({
  login: vi.fn(),
  register: vi.fn(),
  logout: vi.fn(),
  getCurrentUser: vi.fn(),
}));
vi.mock('../sync/runtime', () => ({ syncNow: vi.fn(() => Promise.resolve()) }));

const SECRET = 'pi_test_abc_secret_xyz';

function toastArea() {
  // While the checkout dialog is open, the rest of the page (toasts too) is aria-hidden.
  return within(screen.getByRole('region', { name: /notifications/i, hidden: true }));
}

async function openCheckout(path = '/checkout?plan=bestie-month') {
  const view = renderApp(path);
  const dialog = await screen.findByRole('dialog', { name: /^Subscribe to / });
  return { ...view, dialog };
}

async function fillCard(dialog: HTMLElement, card: string) {
  const user = userEvent.setup();
  const form = within(dialog);
  await form.findByLabelText('Card number');
  await user.type(form.getByLabelText('Card number'), card);
  await user.type(form.getByLabelText('Expiry'), '1234');
  await user.type(form.getByLabelText('CVC'), '123');
  return user;
}

/** Pays $14.99 with the filled card and waits for the success page the paid intent leads to. */
async function payAndLand(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  location: () => string,
) {
  await user.click(within(dialog).getByRole('button', { name: 'Pay $14.99' }));
  await waitFor(
    () => expect(location()).toBe('/checkout-success?plan=bestie-month&payment_intent=pi_test_abc'),
    { timeout: 5000 },
  );
}

beforeEach(() => {
  forgetPreparedCheckout();
  vi.mocked(createPaymentIntent).mockReset();
  givenUser(USER);
  vi.mocked(getClientConfig).mockResolvedValue({ payments: { provider: 'test' } });
  vi.mocked(createPaymentIntent).mockResolvedValue({ clientSecret: SECRET });
  vi.mocked(verifyPayment).mockResolvedValue({
    ok: true,
    status: 'fulfilled',
    subscriptionTier: 'premium',
    subscriptionEndsAt: null,
  });
  vi.mocked(confirmTestPayment).mockReset();
  vi.mocked(getCurrentUser).mockResolvedValue({ ...USER, subscriptionTier: 'premium' });
});

afterEach(() => vi.useRealTimers());

describe('/checkout', () => {
  it("shows 'No plan selected' for anything but the four plan ids", () => {
    renderApp('/checkout?plan=bestie-decade');
    expect(screen.getByRole('heading', { name: 'No plan selected' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Available Plans' }).getAttribute('href')).toBe(
      '/',
    );
  });

  it('opens the payment dialog by itself about 300 ms after load', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp('/checkout?plan=bestie-year');
    expect(screen.getByRole('heading', { name: 'Bestie for the Year' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(250));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => vi.advanceTimersByTime(60));
    expect(screen.getByRole('dialog', { name: 'Subscribe to Bestie for the Year' })).toBeTruthy();
    expect(vi.mocked(createPaymentIntent)).toHaveBeenCalledWith({
      planId: 'bestie-year',
      checkoutId: expect.stringMatching(/^[A-Za-z0-9_-]{16,64}$/),
    });
  });

  it("says 'Preparing your checkout...' while the payment is being set up", async () => {
    vi.mocked(createPaymentIntent).mockReturnValue(new Promise(() => {}));
    const { dialog } = await openCheckout();
    expect(within(dialog).getByText('Enter your payment details to become a Bestie')).toBeTruthy();
    expect(within(dialog).getByText('Preparing your checkout...')).toBeTruthy();
  });

  it('shows the error with a Close button when the payment cannot be set up', async () => {
    vi.mocked(createPaymentIntent).mockRejectedValue(
      new ApiError(502, 'Bad Gateway', '{"message":"Failed to create payment intent","code":"x"}'),
    );
    const { dialog } = await openCheckout();
    expect(await within(dialog).findByText('Failed to create payment intent')).toBeTruthy();
    expect(toastArea().getByText('Error starting checkout')).toBeTruthy();
    await userEvent.click(within(dialog).getByText('Close'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("says 'Something went wrong. Please try again.' when offline", async () => {
    vi.mocked(createPaymentIntent).mockRejectedValue(new TypeError('Failed to fetch'));
    const { dialog } = await openCheckout();
    expect(await within(dialog).findByText('Something went wrong. Please try again.')).toBeTruthy();
  });

  it('keeps the form open with the error inline and in a toast when the card is declined', async () => {
    vi.mocked(confirmTestPayment).mockRejectedValue(
      new ApiError(
        402,
        'Payment Required',
        '{"message":"Your card was declined.","code":"card_declined"}',
      ),
    );
    const { dialog } = await openCheckout();
    const user = await fillCard(dialog, '4000000000000002');
    await user.click(within(dialog).getByRole('button', { name: 'Pay $14.99' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'Your card was declined.',
    );
    expect(toastArea().getByText('Payment Failed')).toBeTruthy();
    expect(toastArea().getByText('Your card was declined.')).toBeTruthy();
    expect((within(dialog).getByLabelText('Card number') as HTMLInputElement).value).toBe(
      '4000 0000 0000 0002',
    );
    expect(verifyPayment).not.toHaveBeenCalled();
  });

  it("shows 'Payment Error' when something unexpected breaks", async () => {
    vi.mocked(confirmTestPayment).mockRejectedValue(new TypeError('Failed to fetch'));
    const { dialog } = await openCheckout();
    const user = await fillCard(dialog, '4242424242424242');
    await user.click(within(dialog).getByRole('button', { name: 'Pay $14.99' }));
    expect(await toastArea().findByText('Payment Error')).toBeTruthy();
    expect(toastArea().getByText('An unexpected error occurred')).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'An error occurred with your payment',
    );
  });

  it('asks for a billing email before any card is sent', async () => {
    givenUser(null);
    const { dialog } = await openCheckout();
    const user = await fillCard(dialog, '4242424242424242');
    await user.click(within(dialog).getByRole('button', { name: 'Pay $14.99' }));
    expect(within(dialog).getByText('Email is required')).toBeTruthy();
    expect(confirmTestPayment).not.toHaveBeenCalled();
  });

  it('fills the billing email with her account when it arrives after the form, unless she typed', async () => {
    givenUser(null, 'loading');
    const { dialog } = await openCheckout();
    const email = await within(dialog).findByLabelText('Email');
    expect((email as HTMLInputElement).value).toBe('');
    act(() => givenUser(USER));
    expect((email as HTMLInputElement).value).toBe(USER.email);

    await userEvent.setup().clear(email);
    await userEvent.setup().type(email, 'mine@example.com');
    act(() => givenUser({ ...USER, email: 'other@example.com' }));
    expect((email as HTMLInputElement).value).toBe('mine@example.com');
  });

  it("pays, verifies with the server, refreshes her plan and goes to /checkout-success, where 'Subscription Success!' stays until it closes", async () => {
    vi.mocked(confirmTestPayment).mockResolvedValue({
      paymentIntentId: 'pi_test_abc',
      status: 'succeeded',
    });
    const { dialog, location } = await openCheckout();
    expect(((await within(dialog).findByLabelText('Email')) as HTMLInputElement).value).toBe(
      USER.email,
    );
    const user = await fillCard(dialog, '4242424242424242');
    await payAndLand(user, dialog, location);
    expect(confirmTestPayment).toHaveBeenCalledWith(
      expect.objectContaining({
        clientSecret: SECRET,
        email: USER.email,
        cardNumber: '4242 4242 4242 4242',
        expiry: '12 / 34',
        cvc: '123',
      }),
    );
    expect(verifyPayment).toHaveBeenCalledWith({
      paymentIntentId: 'pi_test_abc',
      planId: 'bestie-month',
    });
    expect(getCurrentUser).toHaveBeenCalled();
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeTruthy();

    // Her toast from /checkout is still there to read: the next one waits until it closes.
    const toasts = within(screen.getByRole('region', { name: /notifications/i }));
    expect(toasts.getByText('Subscription Success!')).toBeTruthy();
    expect(toasts.getByText("You're now a Bestie for the Month!")).toBeTruthy();
    expect(toasts.queryByText('Payment successful!')).toBeNull();
    await user.click(toasts.getByRole('button', { name: 'Dismiss notification' }));
    expect(await toasts.findByText('Payment successful!')).toBeTruthy();
    expect(toasts.getByText('Your subscription is now active')).toBeTruthy();
    expect(toasts.queryByText('Subscription Success!')).toBeNull();
  });

  it('still goes on to /checkout-success, which checks again, when verification fails (only logged)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(verifyPayment).mockRejectedValue(new TypeError('Failed to fetch'));
    vi.mocked(confirmTestPayment).mockResolvedValue({
      paymentIntentId: 'pi_test_abc',
      status: 'succeeded',
    });
    const { dialog, location } = await openCheckout();
    const user = await fillCard(dialog, '4242424242424242');
    await payAndLand(user, dialog, location);
    expect(logged).toHaveBeenCalledWith('Failed to verify payment with server', expect.anything());
    logged.mockRestore();
  });
});

describe('success only when the server says so', () => {
  it("says no 'Subscription Success!' while the server has the payment as processing", async () => {
    vi.mocked(verifyPayment).mockResolvedValue({
      ok: true,
      status: 'pending',
      subscriptionTier: 'free',
      subscriptionEndsAt: null,
    });
    vi.mocked(confirmTestPayment).mockResolvedValue({
      paymentIntentId: 'pi_test_abc',
      status: 'succeeded',
    });
    const { dialog } = await openCheckout();
    const user = await fillCard(dialog, '4242424242424242');
    await user.click(within(dialog).getByRole('button', { name: 'Pay $14.99' }));
    expect(
      await screen.findByRole('heading', { name: 'Payment processing…' }, { timeout: 5000 }),
    ).toBeTruthy();
    const toasts = within(screen.getByRole('region', { name: /notifications/i }));
    expect(toasts.queryByText('Subscription Success!')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Payment Successful!' })).toBeNull();
  });
});

describe('paying twice by accident', () => {
  it('sends one confirmation for a double tap', async () => {
    let answer: (value: { paymentIntentId: string; status: 'succeeded' }) => void = () => {};
    vi.mocked(confirmTestPayment).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { dialog } = await openCheckout();
    await fillCard(dialog, '4242424242424242');
    const form = within(dialog).getByRole('button', { name: 'Pay $14.99' }).closest('form')!;
    act(() => {
      form.requestSubmit();
      form.requestSubmit();
    });
    expect(confirmTestPayment).toHaveBeenCalledTimes(1);
    await act(async () => answer({ paymentIntentId: 'pi_test_abc', status: 'succeeded' }));
  });
});

describe('one payment intent per checkout', () => {
  const sentCheckoutIds = () =>
    vi.mocked(createPaymentIntent).mock.calls.map(([body]) => body.checkoutId);

  async function closeAndReopen(dialog: HTMLElement) {
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Subscribe Now' }));
    return screen.findByRole('dialog', { name: /^Subscribe to / });
  }

  it('sends the same checkout id with every create, kept on the device', async () => {
    const { dialog, unmount } = await openCheckout();
    await within(dialog).findByLabelText('Card number');
    unmount();
    // A reload: nothing kept in memory; the server reuses her intent for this checkout id.
    forgetPreparedCheckout();
    await openCheckout('/checkout?plan=bestie-year');
    await waitFor(() => expect(createPaymentIntent).toHaveBeenCalledTimes(2));
    const [first, second] = sentCheckoutIds();
    expect(first).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(second).toBe(first);
    expect(localStorage.getItem('besties.checkoutId')).toBe(first);
  });

  it('does not make another intent when the dialog reopens for the same plan', async () => {
    const { dialog } = await openCheckout();
    await within(dialog).findByLabelText('Card number');
    const again = await closeAndReopen(dialog);
    expect(await within(again).findByLabelText('Card number')).toBeTruthy();
    expect(createPaymentIntent).toHaveBeenCalledTimes(1);
  });

  it('asks again when the one who pays has changed (signed out, then reopened)', async () => {
    const { dialog } = await openCheckout();
    await within(dialog).findByLabelText('Card number');
    act(() => givenUser(null));
    const again = await closeAndReopen(dialog);
    await within(again).findByLabelText('Card number');
    expect(createPaymentIntent).toHaveBeenCalledTimes(2);
  });

  it('starts a fresh checkout id once a payment has gone through', async () => {
    vi.mocked(confirmTestPayment).mockResolvedValue({
      paymentIntentId: 'pi_test_abc',
      status: 'succeeded',
    });
    const { dialog, location, router } = await openCheckout();
    const user = await fillCard(dialog, '4242424242424242');
    await user.click(within(dialog).getByRole('button', { name: 'Pay $14.99' }));
    await waitFor(() => expect(location()).toMatch(/^\/checkout-success/), { timeout: 5000 });
    await act(() => router.navigate('/checkout?plan=bestie-month'));
    await screen.findByRole('dialog', { name: /^Subscribe to / });
    await waitFor(() => expect(createPaymentIntent).toHaveBeenCalledTimes(2));
    const [first, second] = sentCheckoutIds();
    expect(second).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(second).not.toBe(first);
  });
});
