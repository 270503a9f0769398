import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VerifyPaymentAnswer } from '@shared/payments';
import { getCurrentUser } from '../http/auth';
import { ApiError } from '../http/client';
import { verifyPayment } from '../http/payments';
import { checkoutId } from '../payments/checkoutId';
import { toast } from '../state/useToastStore';
import { givenUser, renderApp, USER } from '../test-utils';
import { CHECK_AGAIN_AFTER_MS } from './CheckoutSuccess';

vi.mock('../http/payments', () => ({ verifyPayment: vi.fn() }));
vi.mock('../http/auth', () => ({
  login: vi.fn(),
  register: vi.fn(),
  logout: vi.fn(),
  getCurrentUser: vi.fn(),
}));

const PAID = { ...USER, subscriptionTier: 'premium' as const };
const FULFILLED: VerifyPaymentAnswer = {
  ok: true,
  status: 'fulfilled',
  subscriptionTier: 'premium',
  subscriptionEndsAt: null,
};
const PENDING: VerifyPaymentAnswer = { ...FULFILLED, status: 'pending', subscriptionTier: 'free' };
const DECLINED = new ApiError(
  402,
  'Payment Required',
  '{"message":"The payment has not gone through","code":"payment_not_succeeded"}',
);
const PAID_PATH = '/checkout-success?plan=bestie-month&payment_intent=pi_3Abc';

function toastArea() {
  return within(screen.getByRole('region', { name: /notifications/i }));
}

const success = () => screen.queryByRole('heading', { name: 'Payment Successful!' });

beforeEach(() => {
  vi.mocked(verifyPayment).mockReset().mockResolvedValue(FULFILLED);
  vi.mocked(getCurrentUser).mockReset();
});

afterEach(() => vi.useRealTimers());

describe('/checkout-success', () => {
  it('refreshes her data, says so in a toast, and takes a signed-in user to Cassie after 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    givenUser(USER);
    vi.mocked(getCurrentUser).mockResolvedValue(PAID);
    const { location } = renderApp(PAID_PATH);
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeTruthy();
    expect(screen.getByText('Your subscription has been activated...')).toBeTruthy();
    expect(await toastArea().findByText('Payment successful!')).toBeTruthy();
    expect(toastArea().getByText('Your subscription is now active')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Start Chatting Now' })).toBeTruthy();
    expect(getCurrentUser).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(4900));
    expect(location()).toBe(PAID_PATH);
    act(() => vi.advanceTimersByTime(200));
    await waitFor(() => expect(location()).not.toBe(PAID_PATH));
  });

  it("lets the toast on screen ('Subscription Success!' from /checkout) close by itself before saying its own", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    givenUser(null);
    vi.mocked(getCurrentUser).mockResolvedValue(null);
    const { router } = renderApp('/checkout?plan=bestie-day');
    act(() =>
      toast({ title: 'Subscription Success!', description: "You're now a Bestie for the Day!" }),
    );
    await act(() => router.navigate('/checkout-success?plan=bestie-day&payment_intent=pi_1'));
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(4900));
    expect(toastArea().getByText('Subscription Success!')).toBeTruthy();
    expect(toastArea().queryByText('Payment successful!')).toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(await toastArea().findByText('Payment successful!')).toBeTruthy();
    expect(toastArea().queryByText('Subscription Success!')).toBeNull();
  });

  it('tells a visitor to create her account with the email she paid with', async () => {
    givenUser(null);
    vi.mocked(getCurrentUser).mockResolvedValue(null);
    const { router } = renderApp('/checkout-success');
    await act(() =>
      router.navigate('/checkout-success?plan=bestie-day&payment_intent=pi_1', {
        state: { email: 'new.girl@example.com' },
      }),
    );
    expect(await screen.findByRole('link', { name: 'Create Account' })).toHaveProperty(
      'pathname',
      '/auth',
    );
    expect(screen.getByRole('link', { name: 'Create Account' }).getAttribute('href')).toBe(
      '/auth?ref=success',
    );
    expect(screen.getByRole('link', { name: 'Log In' }).getAttribute('href')).toBe(
      '/auth?ref=success&mode=login',
    );
    expect(screen.getByText('new.girl@example.com')).toBeTruthy();
    expect(screen.getByText(/Open it to add your plan to your account/)).toBeTruthy();
  });

  it("verifies a payment that came back from the provider's redirect before refreshing", async () => {
    givenUser(USER);
    vi.mocked(getCurrentUser).mockResolvedValue(PAID);
    renderApp(
      '/checkout-success?plan=bestie-month&payment_intent=pi_3Abc&payment_intent_client_secret=pi_3Abc_secret_x&redirect_status=succeeded',
    );
    await waitFor(() => expect(getCurrentUser).toHaveBeenCalled());
    expect(verifyPayment).toHaveBeenCalledWith({
      paymentIntentId: 'pi_3Abc',
      planId: 'bestie-month',
    });
    expect(vi.mocked(verifyPayment).mock.invocationCallOrder[0]).toBeLessThan(
      vi.mocked(getCurrentUser).mock.invocationCallOrder[0] ?? 0,
    );
  });

  it('never claims success when the redirect says the payment failed', () => {
    givenUser(USER);
    renderApp('/checkout-success?plan=bestie-month&payment_intent=pi_3Abc&redirect_status=failed');
    expect(screen.getByRole('heading', { name: 'Payment Failed' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe(
      '/checkout?plan=bestie-month',
    );
    expect(verifyPayment).not.toHaveBeenCalled();
  });
});

describe('/checkout-success says success only when the server does', () => {
  it('shows a loading state, not success, while the payment is being verified', async () => {
    givenUser(USER);
    let answer: (value: VerifyPaymentAnswer) => void = () => {};
    vi.mocked(verifyPayment).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    vi.mocked(getCurrentUser).mockResolvedValue(PAID);
    renderApp(PAID_PATH);
    expect(screen.getByRole('heading', { name: 'Confirming your payment…' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Confirming your payment' })).toBeTruthy();
    expect(success()).toBeNull();
    expect(screen.queryByRole('link', { name: 'Start Chatting Now' })).toBeNull();
    expect(toastArea().queryByText('Payment successful!')).toBeNull();
    await act(async () => answer(FULFILLED));
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeTruthy();
  });

  it("says 'Payment Failed' with the spec's words and a way back to the plan when verify answers 402", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    givenUser(USER);
    vi.mocked(verifyPayment).mockRejectedValue(DECLINED);
    const { location } = renderApp(
      '/checkout-success?plan=bestie-year&payment_intent=pi_3Abc&redirect_status=succeeded',
    );
    expect(await screen.findByRole('heading', { name: 'Payment Failed' })).toBeTruthy();
    expect(
      screen.getByText('Please check your card details and try again. You have not been charged.'),
    ).toBeTruthy();
    expect(await toastArea().findByText('Payment Failed')).toBeTruthy();
    expect(toastArea().getByText('Please check your card details and try again')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe(
      '/checkout?plan=bestie-year',
    );
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    act(() => vi.advanceTimersByTime(6000));
    expect(location()).toMatch(/^\/checkout-success/);
    expect(success()).toBeNull();
    expect(verifyPayment).toHaveBeenCalledTimes(1);
    expect(getCurrentUser).not.toHaveBeenCalled();
  });

  it('gives the reason when the server refuses it otherwise (no such payment)', async () => {
    givenUser(USER);
    vi.mocked(verifyPayment).mockRejectedValue(
      new ApiError(404, 'Not Found', '{"message":"Payment not found","code":"not_found"}'),
    );
    renderApp(PAID_PATH);
    expect(await screen.findByRole('heading', { name: 'Payment Failed' })).toBeTruthy();
    expect(screen.getByText('An error occurred with your payment.')).toBeTruthy();
    expect(screen.getByText('Payment not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe(
      '/checkout?plan=bestie-month',
    );
  });

  it('shows the payment processing and checks again, backing off, until it is fulfilled', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    givenUser(USER);
    vi.mocked(getCurrentUser).mockResolvedValue(PAID);
    vi.mocked(verifyPayment)
      .mockResolvedValueOnce(PENDING)
      .mockResolvedValueOnce(PENDING)
      .mockResolvedValue(FULFILLED);
    renderApp(PAID_PATH);
    expect(await screen.findByRole('heading', { name: 'Payment processing…' })).toBeTruthy();
    expect(screen.getByText("We're confirming your payment. This can take a moment.")).toBeTruthy();
    expect(verifyPayment).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(CHECK_AGAIN_AFTER_MS[0] - 100));
    expect(verifyPayment).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTime(100));
    expect(verifyPayment).toHaveBeenCalledTimes(2);
    expect(success()).toBeNull();
    // The second wait is longer (4 s).
    await act(async () => vi.advanceTimersByTime(CHECK_AGAIN_AFTER_MS[0]));
    expect(verifyPayment).toHaveBeenCalledTimes(2);
    expect(success()).toBeNull();
    await act(async () => vi.advanceTimersByTime(CHECK_AGAIN_AFTER_MS[1]));
    expect(verifyPayment).toHaveBeenCalledTimes(3);
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeTruthy();
    expect(getCurrentUser).toHaveBeenCalled();
  });

  it("offers 'Check again' after about a minute of processing", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    givenUser(USER);
    vi.mocked(getCurrentUser).mockResolvedValue(PAID);
    vi.mocked(verifyPayment).mockResolvedValue(PENDING);
    renderApp(PAID_PATH);
    await screen.findByRole('heading', { name: 'Payment processing…' });
    for (const wait of CHECK_AGAIN_AFTER_MS) await act(async () => vi.advanceTimersByTime(wait));
    expect(verifyPayment).toHaveBeenCalledTimes(CHECK_AGAIN_AFTER_MS.length + 1);
    const again = await screen.findByRole('button', { name: 'Check again' });
    expect(screen.getByText(/We haven't heard back about your payment yet/)).toBeTruthy();
    // No more asking by itself.
    await act(async () => vi.advanceTimersByTime(120_000));
    expect(verifyPayment).toHaveBeenCalledTimes(CHECK_AGAIN_AFTER_MS.length + 1);

    vi.mocked(verifyPayment).mockResolvedValue(FULFILLED);
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(again);
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeTruthy();
  });

  it('keeps checking, without claiming anything, when the server cannot be reached', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    givenUser(USER);
    vi.mocked(getCurrentUser).mockResolvedValue(PAID);
    vi.mocked(verifyPayment)
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue(FULFILLED);
    renderApp(PAID_PATH);
    expect(await screen.findByRole('heading', { name: 'Payment processing…' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Payment Failed' })).toBeNull();
    await act(async () => vi.advanceTimersByTime(CHECK_AGAIN_AFTER_MS[0]));
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeTruthy();
  });

  it('starts a fresh checkout id once the payment is fulfilled', async () => {
    givenUser(USER);
    vi.mocked(getCurrentUser).mockResolvedValue(PAID);
    const before = checkoutId();
    renderApp(PAID_PATH);
    await screen.findByRole('heading', { name: 'Payment Successful!' });
    expect(checkoutId()).not.toBe(before);
  });

  it('claims nothing without a payment to confirm', () => {
    givenUser(USER);
    renderApp('/checkout-success?plan=bestie-month');
    expect(screen.getByRole('heading', { name: 'No payment to confirm' })).toBeTruthy();
    expect(success()).toBeNull();
    expect(verifyPayment).not.toHaveBeenCalled();
  });
});
