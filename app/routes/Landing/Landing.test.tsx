import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearLocalData } from '../../db/chats';
import { queueDeleteChat } from '../../db/outbox';
import { ApiError, apiJson } from '../../http/client';
import { givenUser, renderApp, USER } from '../../test-utils';
import type * as Client from '../../http/client';
import { TEASERS } from './teasers';
import { latestChat } from './useSignedInRedirect';

vi.mock('../../http/client', async (importOriginal) => ({
  ...(await importOriginal<typeof Client>()),
  apiJson: vi.fn(),
}));

const apiJsonMock = vi.mocked(apiJson);
const toastArea = () => within(screen.getByRole('region', { name: /notifications/i }));

beforeEach(() => {
  vi.resetAllMocks();
  givenUser(null);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the landing page for a visitor', () => {
  it('shows the hero, the sections and the links', () => {
    renderApp('/');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Ask your AI bestie anything' }),
    ).toBeTruthy();
    for (const title of [
      'Meet your besties',
      'What your bestie might say',
      'Bestie-approved by 10,000+ girls',
      'Pick your bestie plan',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeTruthy();
    }
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe(
      '/auth?ref=login',
    );
    const privacy = screen.getByRole('link', { name: 'Privacy Policy' });
    expect(privacy.getAttribute('target')).toBe('_blank');
    expect(privacy.getAttribute('rel')).toContain('noopener');
    expect(screen.getByText(`© ${new Date().getFullYear()} Besties`)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start chatting free' }).getAttribute('href')).toBe(
      '/auth?trial=true',
    );
    expect(screen.getByRole('link', { name: 'Start Chatting' }).getAttribute('href')).toBe(
      '/chat?bestie=cassie',
    );
  });

  it('rotates the teaser line every 5 seconds', () => {
    vi.useFakeTimers();
    renderApp('/');
    const line = screen.getByTestId('teaser-line');
    expect(line.textContent).toBe(TEASERS[0]);
    act(() => vi.advanceTimersByTime(4999));
    expect(line.textContent).toBe(TEASERS[0]);
    act(() => vi.advanceTimersByTime(1));
    expect(line.textContent).toBe(TEASERS[1]);
  });

  it("a plan button opens 'Ready to meet your bestie?'; 'Sis, I need you to come through!' goes to checkout", async () => {
    const { location } = renderApp('/');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Bestie for the Year/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Ready to meet your bestie?' });
    await user.click(
      within(dialog).getByRole('button', { name: 'Sis, I need you to come through!' }),
    );
    expect(location()).toBe('/checkout?plan=bestie-year');
  });

  it('says each plan in whole sentences, with no full stop after "Best value!"', async () => {
    renderApp('/');
    const user = userEvent.setup();
    const said = {
      'Bestie for Life':
        "Bestie for Life ($199.99): All besties forever. Best value! Your besties are AI, and they can't wait to hear from you.",
      'Bestie for the Year':
        "Bestie for the Year ($99.99): All besties for a whole year. Your besties are AI, and they can't wait to hear from you.",
    };
    for (const [name, description] of Object.entries(said)) {
      await user.click(screen.getByRole('button', { name: new RegExp(name) }));
      const dialog = await screen.findByRole('dialog', { name: 'Ready to meet your bestie?' });
      expect(within(dialog).getByText(description)).toBeTruthy();
      await user.click(within(dialog).getByRole('button', { name: 'Girl Bye' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }
  });

  it("'Girl Bye' and 'Upgrade Your Bestie' close the plan dialog", async () => {
    renderApp('/');
    const user = userEvent.setup();
    for (const name of ['Girl Bye', 'Upgrade Your Bestie']) {
      await user.click(screen.getByRole('button', { name: /Bestie for Life/ }));
      await user.click(await screen.findByRole('button', { name }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }
  });
});

describe('the landing page for a signed-in user', () => {
  it('shows a spinner, not the landing page, while her chats are fetched', async () => {
    apiJsonMock.mockReturnValue(new Promise(() => {}));
    givenUser(USER);
    const { location } = renderApp('/');
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(location()).toBe('/');
  });

  it("goes to her most recently updated chat with 'Welcome back! We've restored your last conversation'", async () => {
    apiJsonMock.mockResolvedValue([
      { id: 'old', updatedAt: '2026-01-01T00:00:00.000Z' },
      { id: 'new', updatedAt: '2026-03-01T00:00:00.000Z' },
      { id: 'mid', updatedAt: '2026-02-01T00:00:00.000Z' },
    ]);
    givenUser(USER);
    const { location } = renderApp('/');
    await waitFor(() => expect(location()).toBe('/chat/new'));
    expect(apiJsonMock).toHaveBeenCalledWith('GET', '/api/chats');
    expect(
      toastArea().getByText("Welcome back! We've restored your last conversation"),
    ).toBeTruthy();
  });

  it("goes to /chat with 'Welcome! Let's start chatting with your bestie' when she has no chats", async () => {
    apiJsonMock.mockResolvedValue([]);
    givenUser(USER);
    const { location } = renderApp('/');
    await waitFor(() => expect(location()).toMatch(/^\/chat/));
    expect(toastArea().getByText("Welcome! Let's start chatting with your bestie")).toBeTruthy();
  });

  it('never restores a chat she deleted whose deletion has not reached the server yet', async () => {
    await clearLocalData();
    await queueDeleteChat('new');
    apiJsonMock.mockResolvedValue([
      { id: 'old', updatedAt: '2026-01-01T00:00:00.000Z' },
      { id: 'new', updatedAt: '2026-03-01T00:00:00.000Z' },
    ]);
    givenUser(USER);
    const { location } = renderApp('/');
    await waitFor(() => expect(location()).toBe('/chat/old'));
    expect(
      toastArea().getByText("Welcome back! We've restored your last conversation"),
    ).toBeTruthy();
  });

  it("goes to /chat with 'Welcome! Let's start chatting with your bestie' when she deleted her only chat", async () => {
    await clearLocalData();
    await queueDeleteChat('only');
    apiJsonMock.mockResolvedValue([{ id: 'only', updatedAt: '2026-03-01T00:00:00.000Z' }]);
    givenUser(USER);
    const { location } = renderApp('/');
    await waitFor(() => expect(location()).toMatch(/^\/chat/));
    expect(location()).not.toMatch(/only/);
    expect(toastArea().getByText("Welcome! Let's start chatting with your bestie")).toBeTruthy();
  });

  it('goes to /chat with a fresh-start toast when the chats cannot be fetched', async () => {
    apiJsonMock.mockRejectedValue(new ApiError(404, 'Not Found', ''));
    givenUser(USER);
    const { location } = renderApp('/');
    await waitFor(() => expect(location()).toMatch(/^\/chat/));
    expect(toastArea().getByText("Let's start fresh! Your bestie is ready to chat")).toBeTruthy();
  });
});

describe('latestChat', () => {
  it('picks the most recently updated chat, or none', () => {
    expect(latestChat([])).toBeUndefined();
    expect(
      latestChat([
        { id: 'a', updatedAt: '2026-05-01T10:00:00Z' },
        { id: 'b', updatedAt: '2026-05-02T10:00:00Z' },
      ])?.id,
    ).toBe('b');
  });
});
