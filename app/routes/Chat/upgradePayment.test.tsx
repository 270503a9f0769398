import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '@shared/user';
import { RequireUser } from '../../components/RequireUser';
import { Toaster } from '../../components/ui/Toaster';
import { aChat, TEASER_CHAT } from '../../db/testData';
import { getCurrentUser } from '../../http/auth';
import {
  confirmTestPayment,
  createPaymentIntent,
  getClientConfig,
  verifyPayment,
} from '../../http/payments';
import { useToastStore } from '../../state/useToastStore';
import { useUserStore } from '../../state/useUserStore';
import { syncedDevice } from '../../sync/device.fake';
import { USER } from '../../test-utils';
import { ChatCassieRedirect } from './ChatCassieRedirect';
import { ChatPage } from './ChatPage';

vi.mock('../../http/payments', () => ({
  getClientConfig: vi.fn(),
  createPaymentIntent: vi.fn(),
  verifyPayment: vi.fn(),
  confirmTestPayment: vi.fn(),
}));
vi.mock('../../http/auth', () => ({
  login: vi.fn(),
  register: vi.fn(),
  logout: vi.fn(),
  getCurrentUser: vi.fn(),
}));

const FREE = USER;
const PREMIUM: PublicUser = {
  ...FREE,
  subscriptionTier: 'premium',
  subscriptionEndsAt: '2099-01-01T00:00:00.000Z',
};

const FULL_REPLY = 'Oh babe, that stings. Here is what I would do, step by step.';
const chat = TEASER_CHAT;

const device = syncedDevice();

beforeEach(() => {
  const { messages, ...summary } = chat;
  device.server.change({ kind: 'chat', row: summary });
  for (const message of messages) device.server.change({ kind: 'message', row: message });
  // A newer chat: /chat/cassie (the spec's destination after paying) would open this one.
  const { messages: _none, ...newer } = aChat({
    id: 'c2',
    title: 'Weekend plans',
    updatedAt: '2026-11-26T10:00:00.000Z',
  });
  device.server.change({ kind: 'chat', row: newer });
  device.signIn(FREE);

  vi.mocked(getClientConfig).mockResolvedValue({ payments: { provider: 'test' } });
  vi.mocked(createPaymentIntent).mockResolvedValue({ clientSecret: 'pi_test_1_secret_2' });
  vi.mocked(confirmTestPayment).mockResolvedValue({
    paymentIntentId: 'pi_test_1',
    status: 'succeeded',
  });
  // The server fulfils: her plan changes and her earlier reply comes back in full.
  vi.mocked(verifyPayment).mockImplementation(() => {
    device.server.change({
      kind: 'message',
      row: { ...chat.messages[1]!, isTeaser: false, message: FULL_REPLY },
    });
    return Promise.resolve({
      ok: true,
      status: 'fulfilled',
      subscriptionTier: 'premium',
      subscriptionEndsAt: PREMIUM.subscriptionEndsAt,
    });
  });
  vi.mocked(getCurrentUser).mockResolvedValue(PREMIUM);
});

afterEach(() => {
  // One toast at a time, kept in a store the next test would see.
  useToastStore.setState({ current: null });
});

/** Her chat at /chat/c1, beside `other` routes, with the toasts. */
function openChat(other: RouteObject) {
  const router = createMemoryRouter(
    [
      other,
      {
        path: '/chat/:id?',
        element: (
          <RequireUser>
            <ChatPage />
          </RequireUser>
        ),
      },
    ],
    { initialEntries: ['/chat/c1'] },
  );
  render(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
  return router;
}

/** From the teaser's button to the test card paid, for the plan on tab `tab`. */
async function payFromTeaser(tab: string, planName: string, price: string) {
  const user = userEvent.setup();
  // Her chat comes from the device after its first sync: more than findBy's 1 s when busy.
  await screen.findByText('Oh babe, that stings.', {}, { timeout: 8000 });
  await user.click(screen.getByRole('button', { name: 'HEAR WHAT YOUR BESTIE HAS TO SAY...' }));
  const upgrade = await screen.findByRole('dialog', { name: 'Upgrade Your Bestie' });
  await user.click(within(upgrade).getByRole('tab', { name: tab }));
  await user.click(within(upgrade).getByRole('button', { name: 'Subscribe Now' }));
  const checkout = within(await screen.findByRole('dialog', { name: `Subscribe to ${planName}` }));
  await user.type(await checkout.findByLabelText('Card number'), '4242424242424242');
  await user.type(checkout.getByLabelText('Expiry'), '1234');
  await user.type(checkout.getByLabelText('CVC'), '123');
  await user.click(checkout.getByRole('button', { name: `Pay ${price}` }));
}

describe('paying from the upgrade dialog in a chat', () => {
  // The whole way from her chat to the celebration: more than a unit test's 5 s on a busy machine.
  it(
    'takes the payment in place, then shows her reply in full and the celebration',
    {
      timeout: 30_000,
    },
    async () => {
      const router = openChat({ path: '/chat/cassie', element: <ChatCassieRedirect /> });
      await payFromTeaser('Year', 'Bestie for the Year', '$99.99');

      // The celebration loads its own chunk after the payment: more than findBy's 1 s when busy.
      const busy = { timeout: 8000 };
      expect(await screen.findByText('Payment Successful!', {}, busy)).toBeTruthy();
      expect(
        await screen.findByRole('heading', { name: 'Bestie Upgrade Complete!' }, busy),
      ).toBeTruthy();
      expect(screen.getByText("You're now a Bestie for the Year!", { selector: 'p' })).toBeTruthy();
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(useUserStore.getState().user?.subscriptionTier).toBe('premium');
      expect(await screen.findByText(FULL_REPLY)).toBeTruthy();
      expect(
        screen.queryByRole('button', { name: 'HEAR WHAT YOUR BESTIE HAS TO SAY...' }),
      ).toBeNull();
      // She stays in the chat she paid from, though another is newer (README: where we differ).
      await waitFor(() => expect(router.state.location.search).toBe(''));
      expect(router.state.location.pathname).toBe('/chat/c1');
      expect(verifyPayment).toHaveBeenCalledWith({
        paymentIntentId: 'pi_test_1',
        planId: 'bestie-year',
      });
    },
  );

  it(
    'celebrates nothing while the payment is still processing, and goes where it is checked again',
    { timeout: 30_000 },
    async () => {
      vi.mocked(verifyPayment).mockResolvedValue({
        ok: true,
        status: 'pending',
        subscriptionTier: 'free',
        subscriptionEndsAt: null,
      });
      vi.mocked(getCurrentUser).mockResolvedValue(FREE);
      const router = openChat({
        path: '/checkout-success',
        element: <p>Checking your payment</p>,
      });
      await payFromTeaser('Month', 'Bestie for the Month', '$14.99');

      expect(await screen.findByText('Checking your payment')).toBeTruthy();
      expect(router.state.location.search).toBe('?plan=bestie-month&payment_intent=pi_test_1');
      expect(screen.queryByText('Payment Successful!')).toBeNull();
      expect(screen.queryByRole('heading', { name: 'Bestie Upgrade Complete!' })).toBeNull();
    },
  );
});
