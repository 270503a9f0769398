import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InstallHelp } from './InstallHelp';
import { startPwa } from './register';
import { usePwaStore } from './usePwaStore';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/** The browser offers installing, as Chrome does with `beforeinstallprompt`. */
function offerInstall(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const prompt = vi.fn(() => Promise.resolve());
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt,
    userChoice: Promise.resolve({ outcome }),
  });
  act(() => void window.dispatchEvent(event));
  return { event, prompt };
}

const hint = () => screen.queryByRole('region', { name: 'Keep Besties on your home screen' });
const offer = () => screen.queryByRole('region', { name: 'Install Besties' });

beforeEach(() => {
  localStorage.clear();
  usePwaStore.setState({ installPrompt: null, applyUpdate: null });
});

afterEach(() => vi.restoreAllMocks());

describe('install help on an iPhone', () => {
  beforeEach(() => vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE));

  it('says how to add Besties to the home screen: Share, then Add to Home Screen', () => {
    render(<InstallHelp />);
    expect(hint()?.textContent).toContain('Tap the Share button , then ‘Add to Home Screen’.');
  });

  it('is gone for good once she dismisses it', () => {
    const { unmount } = render(<InstallHelp />);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(hint()).toBeNull();
    unmount();
    render(<InstallHelp />);
    expect(hint()).toBeNull();
  });
});

describe("'Install Besties' where the browser offers installing", () => {
  it('shows nothing until the browser offers it, then opens the browser’s prompt once', () => {
    startPwa();
    render(<InstallHelp />);
    expect(offer()).toBeNull();

    const { event, prompt } = offerInstall();
    expect(event.defaultPrevented).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Install Besties' }));
    expect(prompt).toHaveBeenCalledOnce();
    expect(offer()).toBeNull();
  });

  it('is never offered again after she dismissed it, even when the browser offers again', () => {
    startPwa();
    const { unmount } = render(<InstallHelp />);
    offerInstall();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(offer()).toBeNull();
    unmount();

    render(<InstallHelp />);
    const { prompt } = offerInstall();
    expect(offer()).toBeNull();
    expect(prompt).not.toHaveBeenCalled();
  });

  it('is not offered again after her answer to the browser’s prompt was no', () => {
    startPwa();
    const { unmount } = render(<InstallHelp />);
    offerInstall('dismissed');
    fireEvent.click(screen.getByRole('button', { name: 'Install Besties' }));
    unmount();
    render(<InstallHelp />);
    offerInstall();
    expect(offer()).toBeNull();
  });
});
