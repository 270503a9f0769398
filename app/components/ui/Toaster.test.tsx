import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, useToastStore } from '../../state/useToastStore';
import { Toaster } from './Toaster';

beforeEach(() => {
  useToastStore.setState({ current: null });
});

function toastArea() {
  return within(screen.getByRole('region', { name: /notifications/i }));
}

describe('toasts', () => {
  it('shows a title and a description in the Notifications region', () => {
    render(<Toaster />);
    act(() => toast({ title: 'Logged out', description: 'See you again soon, bestie!' }));
    expect(toastArea().getByText('Logged out')).toBeTruthy();
    expect(toastArea().getByText('See you again soon, bestie!')).toBeTruthy();
  });

  it('shows one toast at a time: a new one replaces the old', () => {
    render(<Toaster />);
    act(() => toast({ title: 'First' }));
    act(() => toast({ title: 'Second', variant: 'destructive' }));
    expect(toastArea().queryByText('First')).toBeNull();
    expect(toastArea().getByText('Second')).toBeTruthy();
    expect(toastArea().getAllByRole('listitem')).toHaveLength(1);
    expect(toastArea().getByRole('listitem').getAttribute('data-variant')).toBe('destructive');
  });

  // Spec §9's 1,000,000 ms is how long a dismissed toast's record may linger, not its time on
  // screen: dismissed (by her or after its 5 s), it leaves the screen at once.
  it('leaves the screen at once when she dismisses it', async () => {
    render(<Toaster />);
    act(() => toast({ title: 'Hello' }));
    await userEvent
      .setup()
      .click(toastArea().getByRole('button', { name: 'Dismiss notification' }));
    expect(toastArea().queryByText('Hello')).toBeNull();
    expect(toastArea().queryAllByRole('listitem')).toHaveLength(0);
  });

  it('dismisses itself after 5 s', () => {
    vi.useFakeTimers();
    try {
      render(<Toaster />);
      act(() => toast({ title: 'Hello' }));
      act(() => vi.advanceTimersByTime(4900));
      expect(toastArea().getByText('Hello')).toBeTruthy();
      act(() => vi.advanceTimersByTime(200));
      expect(toastArea().queryByText('Hello')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
