import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionView } from '@shared/account';
import { Toaster } from '../../components/ui/Toaster';
import { useToastStore } from '../../state/useToastStore';
import { fakeAccountApi, offline } from './accountApi.fake';
import { SessionsSection } from './SessionsSection';

const NOW = new Date('2026-11-26T12:00:00Z');
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

const DAY = 60 * 24;
/** A signed-in device: first signed in `daysOld` days ago, last seen `seenMinutesAgo` ago. */
const aSession = (
  id: string,
  device: string,
  daysOld: number,
  seenMinutesAgo: number,
  current = false,
): SessionView => ({
  id,
  device,
  createdAt: minutesAgo(daysOld * DAY),
  lastSeenAt: minutesAgo(seenMinutesAgo),
  current,
});

const THIS_ONE = aSession('s1', 'Safari on iPhone', 30, 0, true);
const LAPTOP = aSession('s2', 'Chrome on Mac', 10, 5);
const TABLET = aSession('s3', 'Firefox on Android', 20, 3 * DAY);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  useToastStore.setState({ current: null });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderSection() {
  render(
    <>
      <SessionsSection />
      <Toaster />
    </>,
  );
}

const toastArea = () => within(screen.getByRole('region', { name: /notifications/i }));
const deviceList = () => screen.findByRole('list', { name: 'Signed-in devices' });
const rows = async () =>
  within(await deviceList())
    .getAllByRole('listitem')
    .map((row) => row.textContent);

describe("'Your devices' in Settings", () => {
  it("lists her devices, this one first and marked 'This device', with when each was last used", async () => {
    fakeAccountApi({
      'GET /api/sessions': () => Response.json({ sessions: [TABLET, THIS_ONE, LAPTOP] }),
    });
    renderSection();
    expect(screen.getByRole('status', { name: 'Loading your devices' })).toBeTruthy();
    const list = await deviceList();
    const [first, second, third] = within(list).getAllByRole('listitem');
    expect(within(first!).getByText('Safari on iPhone')).toBeTruthy();
    expect(within(first!).getByText('This device')).toBeTruthy();
    expect(within(first!).queryByRole('button', { name: /Sign out/ })).toBeNull();
    expect(second!.textContent).toContain('Chrome on Mac');
    expect(second!.textContent).toContain('Last active 5 minutes ago');
    expect(third!.textContent).toContain('Firefox on Android');
    expect(third!.textContent).toContain('Last active 3 days ago');
    expect(within(list).getAllByText('This device')).toHaveLength(1);
  });

  it("signs one device out: DELETE /api/sessions/{id}, its row goes, toast 'Signed out'", async () => {
    const api = fakeAccountApi({
      'GET /api/sessions': () => Response.json({ sessions: [THIS_ONE, LAPTOP, TABLET] }),
      'DELETE /api/sessions/s2': () => Response.json({ ok: true }),
    });
    renderSection();
    await deviceList();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out Chrome on Mac' }));
    expect(await toastArea().findByText('Signed out')).toBeTruthy();
    expect(toastArea().getByText('Chrome on Mac was signed out.')).toBeTruthy();
    expect(api.calls()).toContain('DELETE /api/sessions/s2');
    const left = await rows();
    expect(left).toHaveLength(2);
    expect(left.join()).not.toContain('Chrome on Mac');
  });

  it('keeps the row and says so when signing a device out fails', async () => {
    fakeAccountApi({
      'GET /api/sessions': () => Response.json({ sessions: [THIS_ONE, LAPTOP] }),
      'DELETE /api/sessions/s2': offline,
    });
    renderSection();
    await deviceList();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out Chrome on Mac' }));
    expect(await toastArea().findByText('Could not sign out')).toBeTruthy();
    expect(toastArea().getByText(/You're offline/)).toBeTruthy();
    expect((await rows()).join()).toContain('Chrome on Mac');
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Sign out Chrome on Mac' }).disabled,
    ).toBe(false);
  });

  it("'Sign out everywhere else' calls DELETE /api/sessions, leaves only this device and says how many", async () => {
    const api = fakeAccountApi({
      'GET /api/sessions': () => Response.json({ sessions: [THIS_ONE, LAPTOP, TABLET] }),
      'DELETE /api/sessions': () => Response.json({ ended: 2 }),
    });
    renderSection();
    await deviceList();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    expect(await toastArea().findByText('Signed out everywhere else')).toBeTruthy();
    expect(toastArea().getByText('2 other devices were signed out.')).toBeTruthy();
    expect(api.calls()).toContain('DELETE /api/sessions');
    const left = await rows();
    expect(left).toHaveLength(1);
    expect(left[0]).toContain('Safari on iPhone');
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).toBeNull();
  });

  it("does not offer 'Sign out everywhere else' when this is her only device", async () => {
    fakeAccountApi({ 'GET /api/sessions': () => Response.json({ sessions: [THIS_ONE] }) });
    renderSection();
    await deviceList();
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).toBeNull();
  });

  it("says so when they cannot be loaded, and 'Try again' loads them", async () => {
    let fail = true;
    const api = fakeAccountApi({
      'GET /api/sessions': () =>
        fail
          ? Response.json({ message: 'Internal error', code: 'internal_error' }, { status: 500 })
          : Response.json({ sessions: [THIS_ONE, LAPTOP] }),
    });
    renderSection();
    expect(await screen.findByText('Your devices could not be loaded.')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await rows()).join()).toContain('Chrome on Mac');
    expect(api.calls().filter((call) => call === 'GET /api/sessions')).toHaveLength(2);
    expect(screen.queryByText('Your devices could not be loaded.')).toBeNull();
  });

  it('asks her to connect when offline, and loads them once she is back online', async () => {
    let online = false;
    fakeAccountApi({
      'GET /api/sessions': () =>
        online ? Response.json({ sessions: [THIS_ONE] }) : offline({} as never),
    });
    renderSection();
    expect(await screen.findByText('Connect to the internet to see your devices.')).toBeTruthy();
    online = true;
    window.dispatchEvent(new Event('online'));
    expect((await rows()).join()).toContain('Safari on iPhone');
    await waitFor(() =>
      expect(screen.queryByText('Connect to the internet to see your devices.')).toBeNull(),
    );
  });
});
