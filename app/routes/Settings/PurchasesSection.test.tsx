import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getPurchases } from '../../http/payments';
import { givenUser, USER } from '../../test-utils';
import { PurchasesSection } from './PurchasesSection';

vi.mock('../../http/payments', () => ({ getPurchases: vi.fn() }));

beforeEach(() => {
  givenUser(USER);
  vi.mocked(getPurchases).mockReset();
});

describe('her purchases in Settings', () => {
  it('lists plan, price, date and end, and says plans never renew', async () => {
    vi.mocked(getPurchases).mockResolvedValue({
      purchases: [
        {
          id: 'p2',
          planId: 'bestie-lifetime',
          planName: 'Bestie for Life',
          amountCents: 19999,
          currency: 'usd',
          status: 'succeeded',
          purchasedAt: '2026-02-10T10:00:00.000Z',
          startsAt: '2026-02-10T10:00:00.000Z',
          endsAt: null,
        },
        {
          id: 'p1',
          planId: 'bestie-month',
          planName: 'Bestie for the Month',
          amountCents: 1499,
          currency: 'usd',
          status: 'refunded',
          purchasedAt: '2026-01-01T10:00:00.000Z',
          startsAt: null,
          endsAt: null,
        },
      ],
    });
    render(<PurchasesSection />);
    expect(await screen.findByText('Bestie for Life')).toBeTruthy();
    expect(screen.getByText('$199.99')).toBeTruthy();
    expect(screen.getByText(/Never ends/)).toBeTruthy();
    expect(screen.getByText('Bestie for the Month')).toBeTruthy();
    expect(screen.getByText(/Refunded/)).toBeTruthy();
    expect(screen.getByText(/never renew/)).toBeTruthy();
  });

  it('says when she has bought nothing yet', async () => {
    vi.mocked(getPurchases).mockResolvedValue({ purchases: [] });
    render(<PurchasesSection />);
    expect(await screen.findByText('No purchases yet.')).toBeTruthy();
  });

  it('says so when they cannot be loaded', async () => {
    vi.mocked(getPurchases).mockRejectedValue(new TypeError('Failed to fetch'));
    render(<PurchasesSection />);
    expect(await screen.findByText(/could not be loaded/)).toBeTruthy();
  });
});
