import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../state/useToastStore';
import { Toaster } from './ui/Toaster';
import { PersonaPicker } from './PersonaPicker';
import { preloadDialogs } from './ui/Dialog';

// As on a screen that has painted: the dialogs' Radix side is in (see Dialog.tsx).
beforeAll(preloadDialogs);

beforeEach(() => useToastStore.setState({ current: null }));

function renderPicker(tier: 'free' | 'premium', onStart = vi.fn(async () => {})) {
  render(
    <>
      <PersonaPicker open onOpenChange={() => {}} tier={tier} onStart={onStart} />
      <Toaster />
    </>,
  );
  return { dialog: within(screen.getByRole('dialog', { name: 'Choose Your Bestie' })), onStart };
}

describe('the persona picker', () => {
  it('locks the paid besties for a free user and lets her pick Cassie', async () => {
    const { dialog, onStart } = renderPicker('free');
    for (const name of ['Brooke', 'Elena', 'NeNe', 'Summer']) {
      const card = dialog.getByRole('radio', { name: `${name} (locked)` });
      expect(card.getAttribute('aria-disabled')).toBe('true');
      await userEvent.click(card);
      expect(card.getAttribute('aria-checked')).toBe('false');
    }
    await userEvent.click(dialog.getByRole('radio', { name: 'Cassie' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Start Chatting' }));
    expect(onStart).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
  });

  it('unlocks everyone for a premium user', () => {
    const { dialog } = renderPicker('premium');
    expect(dialog.queryByRole('radio', { name: /locked/ })).toBeNull();
    expect(dialog.getAllByRole('radio')).toHaveLength(5);
  });

  it("says 'No persona selected' when started with nobody chosen", async () => {
    const { dialog, onStart } = renderPicker('free');
    const start = dialog.getByRole('button', { name: 'Start Chatting' });
    expect(start.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(start);
    // The open dialog hides the rest of the page from assistive tech, the toast area included.
    const toasts = within(screen.getByRole('region', { name: /notifications/i, hidden: true }));
    expect(toasts.getByText('No persona selected')).toBeTruthy();
    expect(toasts.getByText('Please select a bestie to chat with')).toBeTruthy();
    expect(onStart).not.toHaveBeenCalled();
  });

  it('shows the failure inside the picker when the chat cannot be created', async () => {
    const { dialog } = renderPicker(
      'free',
      vi.fn(async () => {
        throw new Error('500');
      }),
    );
    await userEvent.click(dialog.getByRole('radio', { name: 'Cassie' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Start Chatting' }));
    expect(await dialog.findByText('Failed to create chat. Please try again.')).toBeTruthy();
  });
});
