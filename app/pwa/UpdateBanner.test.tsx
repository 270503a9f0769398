import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { UpdateBanner } from './UpdateBanner';
import { usePwaStore } from './usePwaStore';

vi.mock('../sync/runtime', () => ({ syncNow: () => Promise.resolve() }));

beforeEach(() => usePwaStore.setState({ installPrompt: null, applyUpdate: null }));

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
