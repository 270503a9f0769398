import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { InstallButton } from './InstallButton';
import { startPwa } from './register';
import { UpdateBanner } from './UpdateBanner';
import { usePwaStore } from './usePwaStore';

vi.mock('../sync/runtime', () => ({ syncNow: () => Promise.resolve() }));

function offerInstall() {
  const prompt = vi.fn(() => Promise.resolve());
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt,
    userChoice: Promise.resolve({ outcome: 'accepted' as const }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return { event, prompt };
}

beforeEach(() => usePwaStore.setState({ installPrompt: null, applyUpdate: null }));

describe("'Install app'", () => {
  it('shows only once the browser offers installing, and opens the browser’s own prompt', async () => {
    startPwa();
    render(<InstallButton />);
    expect(screen.queryByRole('button', { name: 'Install app' })).toBeNull();

    const { event, prompt } = offerInstall();
    expect(event.defaultPrevented).toBe(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Install app' }));
    expect(prompt).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Install app' })).toBeNull());
  });
});

describe("'New version available'", () => {
  it('appears when a new version waits, and Reload applies it once', () => {
    render(<UpdateBanner />);
    expect(screen.queryByText('New version available')).toBeNull();
    const applyUpdate = vi.fn(() => new Promise<void>(() => {}));
    act(() => usePwaStore.setState({ applyUpdate }));
    const reload = screen.getByRole('button', { name: 'Reload' });
    fireEvent.click(reload);
    fireEvent.click(reload);
    expect(applyUpdate).toHaveBeenCalledOnce();
    expect(screen.getByText('New version available')).toBeTruthy();
  });
});
