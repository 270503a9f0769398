import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { planById } from '@shared/plans';
import type { Plan } from '@shared/plans';
import StripePaymentForm from './StripePaymentForm';

const stripe = { confirmPayment: vi.fn() };
const elements = { tag: 'elements' };

// Stripe.js is never fetched in tests: the loader and the React bindings are stand-ins.
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: vi.fn(() => Promise.resolve(stripe)) }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => <>{children}</>,
  useStripe: () => stripe,
  useElements: () => elements,
  PaymentElement: ({ onReady }: { onReady: () => void }) => {
    useEffect(() => onReady(), [onReady]);
    return <div data-testid="payment-element" />;
  },
}));

const plan = planById('bestie-lifetime') as Plan;

function renderForm(onPaid = vi.fn(() => Promise.resolve())) {
  render(
    <StripePaymentForm
      plan={plan}
      publishableKey="pk_test_123"
      clientSecret="pi_1_secret_2"
      defaultEmail="ann@example.com"
      onPaid={onPaid}
    />,
  );
  return onPaid;
}

beforeEach(() => stripe.confirmPayment.mockReset());

describe('the Stripe payment form', () => {
  it('loads Stripe.js with the key the server gave', async () => {
    const { loadStripe } = await import('@stripe/stripe-js/pure');
    renderForm();
    expect(loadStripe).toHaveBeenCalledWith('pk_test_123');
  });

  it('confirms with her billing email and name, returning to /checkout-success only if required', async () => {
    stripe.confirmPayment.mockResolvedValue({ paymentIntent: { id: 'pi_1', status: 'succeeded' } });
    const onPaid = renderForm();
    await userEvent.type(screen.getByLabelText('Name'), 'Ann Lee');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $199.99' }));
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
    await userEvent.click(screen.getByRole('button', { name: 'Pay $199.99' }));
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
    await userEvent.click(screen.getByRole('button', { name: 'Pay $199.99' }));
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(stripe.confirmPayment).not.toHaveBeenCalled();
  });
});
