import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Chat } from '@shared/chat';
import type { Memory } from '@shared/memory';
import { queueForgetMemory } from '../../db/memories';
import { db } from '../../db/db';
import { aChat, aMessage } from '../../db/testData';
import { useToastStore } from '../../state/useToastStore';
import { syncedDevice } from '../../sync/device.fake';
import { USER } from '../../testUser';
import { ChatPage } from './ChatPage';

/* The newest reply's actions: Copy, and Regenerate through the outbox. */

const device = syncedDevice();

const CHAT: Chat = aChat({
  id: 'c1',
  messages: [
    aMessage({ id: 'u0', chatId: 'c1', seq: 1, message: 'Hi' }),
    aMessage({
      id: 'r0',
      chatId: 'c1',
      seq: 2,
      isUser: false,
      replyTo: 'u0',
      message: 'Hey you! How is Emma?',
      usedMemories: ['mem-emma', 'mem-gone'],
    }),
    aMessage({ id: 'u1', chatId: 'c1', seq: 3, message: 'She unfollowed me' }),
    aMessage({
      id: 'r1',
      chatId: 'c1',
      seq: 4,
      isUser: false,
      replyTo: 'u1',
      message: 'Oof, that stings.',
    }),
  ],
});

beforeEach(() => {
  device.server.addChat(CHAT);
  device.signIn(USER);
});

function renderChat() {
  const router = createMemoryRouter([{ path: '/chat/:id?', element: <ChatPage /> }], {
    initialEntries: ['/chat/c1'],
  });
  render(<RouterProvider router={router} />);
  // Her chat comes from the device after its first sync: more than findBy's 1 s when busy.
  return screen.findByText('Oof, that stings.', {}, { timeout: 8000 });
}

const log = () => screen.getByRole('log', { name: 'Messages' });
const rowOf = (text: string) =>
  within(log()).getByText(text).closest('.message-list__row') as HTMLElement;

const EMMA: Memory = {
  id: 'mem-emma',
  kind: 'person',
  subject: 'Emma',
  detail: 'your best friend',
  date: null,
  personaId: null,
  sourceMessageId: 'u0',
  sourceChatId: 'c1',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};
const regenerate = () => within(log()).findByRole('button', { name: /Regenerate/ });

describe("the newest reply's actions", () => {
  it('are under the newest reply only', async () => {
    await renderChat();
    await regenerate();
    expect(within(log()).getAllByRole('button', { name: /Regenerate/ })).toHaveLength(1);
    expect(within(log()).getAllByRole('button', { name: /Copy/ })).toHaveLength(1);
    const newestRow = within(log()).getByText('Oof, that stings.').closest('.message-list__row')!;
    expect(
      within(newestRow as HTMLElement).getByRole('button', { name: /Regenerate/ }),
    ).toBeTruthy();
  });

  it('regenerate: the reply goes at once, the new one takes its place, through the outbox', async () => {
    device.server.replyWith = () => ({
      pieces: ['Okay, new take: she might just be cleaning up her feed.'],
    });
    await renderChat();
    await userEvent.click(await regenerate());
    await waitFor(() => expect(within(log()).queryByText('Oof, that stings.')).toBeNull());
    expect(
      await within(log()).findByText(
        'Okay, new take: she might just be cleaning up her feed.',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    // In the place of the old one, once the pull brings it: one reply to her message, same id.
    await waitFor(async () => {
      const block = await db.messageBlocks.get(['c1', 0]);
      const replies = block?.messages.filter((m) => m.replyTo === 'u1') ?? [];
      expect(replies.map((m) => [m.id, m.message, m.rewriting])).toEqual([
        ['r1', 'Okay, new take: she might just be cleaning up her feed.', undefined],
      ]);
    });
    expect(device.api.calls().some((call) => call.startsWith('POST /api/sync/push'))).toBe(true);
    expect(device.api.calls().every((call) => !call.includes('/regenerate'))).toBe(true);
  });

  it('a refused regenerate gives her the reply back and says why', async () => {
    device.server.refuseRegenerateWith = 'You can send more in about 5 minutes.';
    await renderChat();
    await userEvent.click(await regenerate());
    await waitFor(() =>
      expect(useToastStore.getState().current).toMatchObject({
        title: "Couldn't write a new reply",
        description: 'You can send more in about 5 minutes.',
      }),
    );
    expect(await within(log()).findByText('Oof, that stings.')).toBeTruthy();
    const block = await db.messageBlocks.get(['c1', 0]);
    expect(block?.messages.find((m) => m.id === 'r1')?.rewriting).toBeUndefined();
  });

  it('under any reply, the memories it drew on link to each in her memories; forgotten, they go', async () => {
    device.server.keepMemory(EMMA);
    await renderChat();
    const link = await within(rowOf('Hey you! How is Emma?')).findByRole('link', {
      name: 'Remembered: Emma, your best friend',
    });
    expect(link.getAttribute('href')).toBe('/settings#memory-mem-emma');
    // One this device never had (forgotten on another) shows nothing; no other reply has any.
    expect(within(log()).getAllByRole('link', { name: /^Remembered/ })).toHaveLength(1);
    expect(within(rowOf('Hey you! How is Emma?')).getByText('Remembered:')).toBeTruthy();

    await queueForgetMemory(EMMA.id);
    await waitFor(() => expect(within(log()).queryByText('Remembered:')).toBeNull());
  });

  it('copy puts the reply on her clipboard and says so', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await renderChat();
    await userEvent.click(await within(log()).findByRole('button', { name: /Copy/ }));
    expect(writeText).toHaveBeenCalledWith('Oof, that stings.');
    expect(useToastStore.getState().current?.title).toBe('Copied');
  });

  it('edit: her new words take the place of her last message, and its reply is written again', async () => {
    device.server.replyWith = (mine) => ({ pieces: [`About "${mine.message}": give it a day.`] });
    await renderChat();
    // Only her last message, the one the newest reply answers, has Edit.
    expect(await within(log()).findAllByRole('button', { name: 'Edit' })).toHaveLength(1);
    // The screen has put her in her message box, as it does when it opens.
    const messageBox = screen.getByPlaceholderText('Message your bestie...');
    await waitFor(() => expect(document.activeElement).toBe(messageBox));
    await userEvent.click(within(log()).getByRole('button', { name: 'Edit' }));
    const box = within(log()).getByRole('textbox', { name: 'Edit your message' });
    expect(document.activeElement).toBe(box);
    expect((box as HTMLTextAreaElement).value).toBe('She unfollowed me');
    await userEvent.clear(box);
    await userEvent.click(within(log()).getByRole('button', { name: 'Send' }));
    expect(within(log()).getByRole('alert').textContent).toBe('Message cannot be empty');
    await userEvent.type(box, 'She unfollowed AND blocked me');
    await userEvent.click(within(log()).getByRole('button', { name: 'Send' }));
    expect(await within(log()).findByText('She unfollowed AND blocked me')).toBeTruthy();
    expect(
      await within(log()).findByText(
        'About "She unfollowed AND blocked me": give it a day.',
        {},
        {
          timeout: 5000,
        },
      ),
    ).toBeTruthy();
    expect(within(log()).queryByText('Oof, that stings.')).toBeNull();
    expect(within(log()).queryByText('She unfollowed me')).toBeNull();
  });

  it('edit: Cancel keeps her message as it was', async () => {
    await renderChat();
    await userEvent.click(await within(log()).findByRole('button', { name: 'Edit' }));
    await userEvent.type(within(log()).getByRole('textbox'), ' and more');
    await userEvent.click(within(log()).getByRole('button', { name: 'Cancel' }));
    expect(within(log()).getByText('She unfollowed me')).toBeTruthy();
    expect(within(log()).getByText('Oof, that stings.')).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);
  });
});
