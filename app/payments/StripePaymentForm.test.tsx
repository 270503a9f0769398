import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createContext, useContext, useEffect } from 'react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { planById } from '@shared/plans';
import type { Plan } from '@shared/plans';
import { loadStripe } from '@stripe/stripe-js/pure';
import StripePaymentForm, { STRIPE_LOAD_FAILED, STRIPE_READY_WITHIN_MS } from './StripePaymentForm';

const stripe = { confirmPayment: vi.fn() };
const elements = { tag: 'elements' };
// What Elements was given: null until Stripe.js has come.
const StripeGiven = createContext<unknown>(null);
/** How the next Payment Element to mount behaves: ready at once, never, or failing to load. */
const paymentElement = { behaves: 'ready' as 'ready' | 'never' | 'loadError', focus: vi.fn() };

// Stripe.js is never fetched in tests: the loader and the React bindings are stand-ins.
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: vi.fn(() => Promise.resolve(stripe)) }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ stripe: given, children }: { stripe: unknown; children: ReactNode }) => (
    <StripeGiven.Provider value={given}>{children}</StripeGiven.Provider>
  ),
  useStripe: () => useContext(StripeGiven),
  useElements: () => elements,
  PaymentElement: ({
    onReady,
    onLoadError,
  }: {
    onReady: (element: { focus: () => void }) => void;
    onLoadError: () => void;
  }) => {
    const loaded = useContext(StripeGiven) !== null;
    useEffect(() => {
      if (!loaded) return;
      if (paymentElement.behaves === 'ready') onReady({ focus: paymentElement.focus });
      if (paymentElement.behaves === 'loadError') onLoadError();
      // Once per element once Stripe.js is in, as Stripe's ready event.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [loaded]);
    return <div data-testid="payment-element" />;
  },
}));

const plan = planById('bestie-lifetime') as Plan;

function renderForm(onPaid = vi.fn(() => Promise.resolve()), publishableKey = 'pk_test_123') {
  render(
    <StripePaymentForm
      plan={plan}
      publishableKey={publishableKey}
      clientSecret="pi_1_secret_2"
      defaultEmail="ann@example.com"
      onPaid={onPaid}
    />,
  );
  return onPaid;
}

/** The Pay button once Stripe.js and its form are in (it is disabled until then). */
async function readyToPay() {
  const button = screen.getByRole('button', { name: 'Pay $199.99' });
  await waitFor(() => expect(button).toHaveProperty('disabled', false));
  return button;
}

beforeEach(() => {
  stripe.confirmPayment.mockReset();
  paymentElement.behaves = 'ready';
  paymentElement.focus.mockReset();
});

afterEach(() => vi.useRealTimers());

// Each test that loads Stripe.js differently uses a key of its own (loads are kept per key).
let keys = 0;
const freshKey = () => `pk_test_fresh${++keys}`;

describe('the Stripe payment form', () => {
  it('loads Stripe.js with the key the server gave', () => {
    renderForm();
    expect(loadStripe).toHaveBeenCalledWith('pk_test_123');
  });

  it('confirms with her billing email and name, returning to /checkout-success only if required', async () => {
    stripe.confirmPayment.mockResolvedValue({ paymentIntent: { id: 'pi_1', status: 'succeeded' } });
    const onPaid = renderForm();
    await userEvent.type(screen.getByLabelText('Name'), 'Ann Lee');
    await userEvent.click(await readyToPay());
    await waitFor(() =>
      expect(onPaid).toHaveBeenCalledWith({ paymentIntentId: 'pi_1', email: 'ann@example.com' }),
    );
    expect(stripe.confirmPayment).toHaveBeenCalledWith({
      elements,
      redirect: 'if_required',
      confirmParams: {
        return_url: `${window.location.origin}/checkout-success?plan=bestie-lifetime`,
        payment_method_data: { billing_details: { email: 'ann@example.com', name: 'Ann Lee' } },
      },
    });
  });

  it("shows the card's error inline and keeps the form", async () => {
    stripe.confirmPayment.mockResolvedValue({
      error: { type: 'card_error', message: 'Your card has insufficient funds.' },
    });
    const onPaid = renderForm();
    await userEvent.click(await readyToPay());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your card has insufficient funds.',
    );
    expect(onPaid).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Pay $199.99' })).toHaveProperty('disabled', false);
  });

  it('never confirms without a valid email', async () => {
    renderForm();
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'ann@');
    await userEvent.click(await readyToPay());
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(stripe.confirmPayment).not.toHaveBeenCalled();
  });
});

describe('when Stripe.js or its form does not load', () => {
  it("says so at once when Stripe.js fails to load, keeps what she typed, and 'Try again' loads it again", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(loadStripe).mockClear().mockRejectedValueOnce(new Error('Failed to load Stripe.js'));
    renderForm(undefined, freshKey());
    await userEvent.type(screen.getByLabelText('Name'), 'Ann Lee');
    expect((await screen.findByRole('alert')).textContent).toBe(STRIPE_LOAD_FAILED);
    expect(STRIPE_LOAD_FAILED).toBe(
      "We couldn't load the secure payment form. Check your connection or any content blocker, then try again.",
    );
    expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(loadStripe).toHaveBeenCalledTimes(2);
    expect(await screen.findByRole('button', { name: 'Pay $199.99' })).toHaveProperty(
      'disabled',
      false,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Ann Lee');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ann@example.com');
    // Her 'Try again' brought the card field: focus goes there.
    expect(paymentElement.focus).toHaveBeenCalled();
  });

  it('says so after 10 s when Stripe.js has not come, with focus following her Try again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    let arrive: (value: typeof stripe) => void = () => {};
    vi.mocked(loadStripe).mockReturnValueOnce(
      new Promise<unknown>((resolve) => (arrive = resolve)) as ReturnType<typeof loadStripe>,
    );
    renderForm(undefined, freshKey());
    expect(screen.getByRole('status').textContent).toBe('Loading the secure card form…');
    await user.type(screen.getByLabelText('Email'), '{Control>}a{/Control}me@example.com');
    act(() => vi.advanceTimersByTime(STRIPE_READY_WITHIN_MS - 200));
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => vi.advanceTimersByTime(300));
    expect(screen.getByRole('alert').textContent).toBe(STRIPE_LOAD_FAILED);
    // Her focus is not pulled away from the field she was in.
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('status'));
    act(() => vi.advanceTimersByTime(STRIPE_READY_WITHIN_MS + 100));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Try again' }));

    // It comes late after all: the form is there, and what she typed with it.
    await act(async () => arrive(stripe));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Pay $199.99' })).toHaveProperty('disabled', false);
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('me@example.com');
  });

  it("says so after 10 s when the Payment Element is not ready, and 'Try again' makes it anew", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    paymentElement.behaves = 'never';
    renderForm();
    await act(async () => {});
    expect(screen.getByRole('button', { name: 'Pay $199.99' })).toHaveProperty('disabled', true);
    act(() => vi.advanceTimersByTime(STRIPE_READY_WITHIN_MS));
    expect(screen.getByRole('alert').textContent).toBe(STRIPE_LOAD_FAILED);
    paymentElement.behaves = 'ready';
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Pay $199.99' })).toHaveProperty(
      'disabled',
      false,
    );
    expect(paymentElement.focus).toHaveBeenCalled();
  });

  it('says so at once when the Payment Element fails to load', async () => {
    paymentElement.behaves = 'loadError';
    renderForm();
    expect((await screen.findByRole('alert')).textContent).toBe(STRIPE_LOAD_FAILED);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
