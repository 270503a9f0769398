import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveBlob } from '../../components/download';
import { clearLocalData, toLocalChat } from '../../db/chats';
import { storePlaced } from '../../db/serverRows';
import { db, type LocalMessage } from '../../db/db';
import { aChat, aMessage } from '../../db/testData';
import { ChatHeader } from './ChatHeader';

vi.mock('../../components/download', () => ({ saveBlob: vi.fn() }));

const CHAT = aChat({ id: 'c1', title: 'Boy trouble' });

function local(overrides: Partial<LocalMessage> & { id: string }): LocalMessage {
  return { ...aMessage({ id: overrides.id, chatId: 'c1' }), status: 'sent', ...overrides };
}

/** The chat as this device holds it (written as the sync engine would). */
async function onDevice() {
  await db.chats.put(toLocalChat(CHAT));
  // Hers still on its way is stored first: the export follows the chat's order, not the writes'.
  await db.messages.put(
    local({ id: 'u2', seq: null, status: 'pending', localOrder: 1, message: 'Still there?' }),
  );
  await storePlaced([
    local({ id: 'r1', seq: 2, isUser: false, isTeaser: true, message: 'Oh babe, that stings.' }),
    local({ id: 'u1', seq: 1, message: '# He ghosted me' }),
  ]);
}

beforeAll(async () => {
  // The menu loads after the chat paints (ChatMenuButton); the first import of Radix's
  // dropdown is slow under vitest's transform, which these tests are not about.
  await import('./ChatMenu');
});

beforeEach(async () => {
  await clearLocalData();
  vi.mocked(saveBlob).mockReset();
});

afterEach(() => {
  vi.useRealTimers();
});

function renderHeader(chatId: string | null = 'c1') {
  render(
    <MemoryRouter>
      <ChatHeader persona={CHAT.persona} chatId={chatId} onNewChat={() => {}} />
    </MemoryRouter>,
  );
}

/** The '⋯' button once Radix's menu has replaced its stand-in (ChatMenuButton). */
async function menuTrigger(): Promise<HTMLElement> {
  await waitFor(() =>
    expect(screen.getByRole('button', { name: 'Chat options' }).dataset.state).toBe('closed'),
  );
  return screen.getByRole('button', { name: 'Chat options' });
}

describe("the chat's menu", () => {
  it("exports the chat on this device as Markdown, named after its title and today's date", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 26, 12, 0));
    await onDevice();
    renderHeader();
    const user = userEvent.setup();
    await user.click(await menuTrigger());
    await user.click(await screen.findByRole('menuitem', { name: 'Export as Markdown' }));

    await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(1));
    const [blob, fileName] = vi.mocked(saveBlob).mock.lastCall ?? [new Blob(), ''];
    expect(fileName).toBe('boy-trouble-2026-11-26.md');
    expect(blob.type).toBe('text/markdown;charset=utf-8');
    const text = await blob.text();
    expect(text.startsWith('# Boy trouble\n')).toBe(true);
    const order = ['\\# He ghosted me', 'Oh babe, that stings.', 'Still there?'].map((words) =>
      text.indexOf(words),
    );
    expect(order.every((at) => at > 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(text).toContain('(Preview — the rest of this reply comes with a plan.)');
    // The menu closes once she picked.
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('works with the network gone: nothing is asked of the server', async () => {
    await onDevice();
    const fetchSpy = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', fetchSpy);
    try {
      renderHeader();
      const user = userEvent.setup();
      await user.click(await menuTrigger());
      await user.click(await screen.findByRole('menuitem', { name: 'Export as Markdown' }));
      await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(1));
      expect(fetchSpy).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('opens from the keyboard', async () => {
    await onDevice();
    renderHeader();
    const user = userEvent.setup();
    (await menuTrigger()).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'Export as Markdown' })).toBeTruthy();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(1));
  });

  it('renames the chat on this device at once, and queues the rename for the server', async () => {
    await onDevice();
    renderHeader();
    const user = userEvent.setup();
    await user.click(await menuTrigger());
    await user.click(await screen.findByRole('menuitem', { name: 'Rename chat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename chat' });
    const field = within(dialog).getByLabelText('Chat name');
    expect((field as HTMLInputElement).value).toBe('Boy trouble');

    // Nothing visible is no name: she is told, and nothing changes.
    await user.clear(field);
    await user.type(field, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Give the chat a name')).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);

    await user.clear(field);
    await user.type(field, '  The anniversary ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await db.chats.get('c1'))?.title).toBe('The anniversary');
    const [waiting] = await db.outbox.toArray();
    expect(waiting?.mutation).toMatchObject({
      type: 'renameChat',
      chatId: 'c1',
      title: 'The anniversary',
    });
  });

  it('is not offered before the chat exists', () => {
    renderHeader(null);
    expect(screen.queryByRole('button', { name: 'Chat options' })).toBeNull();
  });
});
