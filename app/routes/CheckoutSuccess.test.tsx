import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getCurrentUser } from '../http/auth';
import { verifyPayment } from '../http/payments';
import { toast } from '../state/useToastStore';
import { givenUser, renderApp, USER } from '../test-utils';

vi.mock('../http/payments', () => ({ verifyPayment: vi.fn() }));
vi.mock('../http/auth', () => ({
  login: vi.fn(),
  register: vi.fn(),
  logout: vi.fn(),
  getCurrentUser: vi.fn(),
}));

const PAID = { ...USER, subscriptionTier: 'premium' as const };

function toastArea() {
  return within(screen.getByRole('region', { name: /notifications/i }));
}

beforeEach(() => {
  vi.mocked(verifyPayment).mockReset().mockResolvedValue({
    ok: true,
    status: 'fulfilled',
    subscriptionTier: 'premium',
    subscriptionEndsAt: null,
  });
  vi.mocked(getCurrentUser).mockReset();
});

afterEach(() => vi.useRealTimers());

describe('/checkout-success', () => {
  it('refreshes her data, says so in a toast, and takes a signed-in user to Cassie after 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    givenUser(USER);
    vi.mocked(getCurrentUser).mockResolvedValue(PAID);
    const { location } = renderApp('/checkout-success');
    expect(screen.getByRole('heading', { name: 'Payment Successful!' })).toBeTruthy();
    expect(screen.getByText('Your subscription has been activated...')).toBeTruthy();
    expect(toastArea().getByText('Payment successful!')).toBeTruthy();
    expect(toastArea().getByText('Your subscription is now active')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Start Chatting Now' })).toBeTruthy();
    expect(getCurrentUser).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(4900));
    expect(location()).toBe('/checkout-success');
    act(() => vi.advanceTimersByTime(200));
    await waitFor(() => expect(location()).not.toBe('/checkout-success'));
  });

  it("lets the toast on screen ('Subscription Success!' from /checkout) close by itself before saying its own", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    givenUser(null);
    vi.mocked(getCurrentUser).mockResolvedValue(null);
    const { router } = renderApp('/checkout?plan=bestie-day');
    act(() =>
      toast({ title: 'Subscription Success!', description: "You're now a Bestie for the Day!" }),
    );
    await act(() => router.navigate('/checkout-success?plan=bestie-day'));
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
      router.navigate('/checkout-success?plan=bestie-day', {
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
    expect(screen.getByText(/same email you paid with/)).toBeTruthy();
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
