import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
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

  it('closes from its dismiss button', async () => {
    render(<Toaster />);
    act(() => toast({ title: 'Hello' }));
    await userEvent
      .setup()
      .click(toastArea().getByRole('button', { name: 'Dismiss notification' }));
    expect(useToastStore.getState().current?.open).toBe(false);
  });
});
