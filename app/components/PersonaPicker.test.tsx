import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PERSONAS } from '@shared/personas';
import { clearLocalData } from '../db/chats';
import { useToastStore } from '../state/useToastStore';
import { Toaster } from './ui/Toaster';
import { PersonaPicker } from './PersonaPicker';
import { preloadDialogs } from './ui/Dialog';

// As on a screen that has painted: the dialogs' Radix side is in (see Dialog.tsx).
beforeAll(preloadDialogs);

beforeEach(async () => {
  useToastStore.setState({ current: null });
  await clearLocalData();
  // The server as it stands: its list is the built-in one.
  answerPersonas(() => Response.json(PERSONAS));
});

afterEach(() => vi.unstubAllGlobals());

/** GET /api/personas answers with this (or throws, as fetch does offline). */
function answerPersonas(answer: () => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (_url: string) => answer());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function offline() {
  return answerPersonas(() => {
    throw new TypeError('Failed to fetch');
  });
}

/** The server's list with Brooke made free and Summer gone: not the built-in one. */
const SERVER_LIST = PERSONAS.filter(({ name }) => name !== 'Summer').map((persona) =>
  persona.name === 'Brooke' ? { ...persona, tier: 'free', tagline: 'Bold, sassy, free' } : persona,
);

/** The toast area; the open dialog hides the rest of the page from assistive tech. */
function toastArea() {
  return within(screen.getByRole('region', { name: /notifications/i, hidden: true }));
}

function renderPicker(tier: 'free' | 'premium', onStart = vi.fn(async () => {})) {
  const { unmount } = render(
    <>
      <PersonaPicker open onOpenChange={() => {}} tier={tier} onStart={onStart} />
      <Toaster />
    </>,
  );
  const dialog = within(screen.getByRole('dialog', { name: 'Choose Your Bestie' }));
  return { dialog, onStart, unmount };
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
    expect(toastArea().getByText('No persona selected')).toBeTruthy();
    expect(toastArea().getByText('Please select a bestie to chat with')).toBeTruthy();
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

describe('the persona picker reads the besties from the server', () => {
  it('shows the list GET /api/personas answers, locked as its tiers say', async () => {
    const fetchMock = answerPersonas(() => Response.json(SERVER_LIST));
    const { dialog, onStart } = renderPicker('free');
    const brooke = await dialog.findByRole('radio', { name: 'Brooke' });
    expect(dialog.getByText('Bold, sassy, free')).toBeTruthy();
    expect(dialog.queryByRole('radio', { name: /Summer/ })).toBeNull();
    expect(dialog.getByRole('radio', { name: 'Elena (locked)' })).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/personas']);
    await userEvent.click(brooke);
    await userEvent.click(dialog.getByRole('button', { name: 'Start Chatting' }));
    expect(onStart).toHaveBeenCalledWith(expect.objectContaining({ id: 2, name: 'Brooke' }));
  });

  it('shows the built-in besties at once while the server has not answered', () => {
    answerPersonas(() => new Promise<Response>(() => {}));
    const { dialog } = renderPicker('free');
    expect(dialog.getAllByRole('radio').map((card) => card.getAttribute('aria-label'))).toEqual([
      'Cassie',
      'Brooke (locked)',
      'Elena (locked)',
      'NeNe (locked)',
      'Summer (locked)',
    ]);
  });

  it('keeps the list on the device: offline, the next picker shows it with no toast', async () => {
    answerPersonas(() => Response.json(SERVER_LIST));
    const first = renderPicker('free');
    await first.dialog.findByRole('radio', { name: 'Brooke' });
    first.unmount();

    const fetchMock = offline();
    const { dialog } = renderPicker('free');
    expect(await dialog.findByRole('radio', { name: 'Brooke' })).toBeTruthy();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    // The failed refresh has settled: the kept list stays and nothing is said.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(dialog.getByRole('radio', { name: 'Brooke' })).toBeTruthy();
    expect(dialog.queryByRole('radio', { name: /Summer/ })).toBeNull();
    expect(toastArea().queryByText('Failed to fetch personas')).toBeNull();
  });

  it("says 'Failed to fetch personas' when the server cannot be reached and nothing is kept", async () => {
    offline();
    const { dialog } = renderPicker('free');
    expect(await toastArea().findByText('Failed to fetch personas')).toBeTruthy();
    // The built-in besties are still there to pick from.
    await userEvent.click(dialog.getByRole('radio', { name: 'Cassie' }));
    expect(dialog.getByRole('radio', { name: 'Cassie' }).getAttribute('aria-checked')).toBe('true');
  });

  it("says 'Failed to fetch personas' when the server answers an error and nothing is kept", async () => {
    answerPersonas(() => new Response('Internal Server Error', { status: 500 }));
    renderPicker('free');
    expect(await toastArea().findByText('Failed to fetch personas')).toBeTruthy();
  });

  it.each([
    ['not a list', { personas: [] }],
    ['an empty list', []],
    ['a persona without a name', [{ id: 1, description: '', avatar: '/a.svg', tier: 'free' }]],
    ['an avatar that is not an address', [{ ...PERSONAS[0], avatar: 'javascript:alert(1)' }]],
    ['the same id twice', [PERSONAS[0], PERSONAS[0]]],
  ])('ignores an answer that is %s and keeps what it shows', async (_case, answer) => {
    answerPersonas(() => Response.json(SERVER_LIST));
    const first = renderPicker('free');
    await first.dialog.findByRole('radio', { name: 'Brooke' });
    first.unmount();

    const fetchMock = answerPersonas(() => Response.json(answer));
    const { dialog } = renderPicker('free');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(dialog.getAllByRole('radio').map((card) => card.getAttribute('aria-label'))).toEqual([
      'Cassie',
      'Brooke',
      'Elena (locked)',
      'NeNe (locked)',
    ]);
    expect(toastArea().queryByText('Failed to fetch personas')).toBeNull();
  });

  it('ignores a body that is not JSON, showing the built-in besties', async () => {
    answerPersonas(() => new Response('<html>Sign in to the Wi-Fi</html>'));
    const { dialog } = renderPicker('free');
    expect(await toastArea().findByText('Failed to fetch personas')).toBeTruthy();
    expect(dialog.getAllByRole('radio')).toHaveLength(5);
  });

  it("unlocks the server's paid besties for a premium user", async () => {
    answerPersonas(() => Response.json(SERVER_LIST));
    const { dialog } = renderPicker('premium');
    await waitFor(() => expect(dialog.getAllByRole('radio')).toHaveLength(4));
    expect(dialog.queryByRole('radio', { name: /locked/ })).toBeNull();
  });
});
