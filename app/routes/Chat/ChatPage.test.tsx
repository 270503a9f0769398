import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REPLY_FAILED_MESSAGE, type Chat } from '@shared/chat';
import type { PublicUser } from '@shared/user';
import { clearLocalData, toLocalChat } from '../../db/chats';
import { db } from '../../db/db';
import { queueMessage } from '../../db/outbox';
import { lockOwnerData } from '../../db/sessionLock';
import { claimDevice } from '../../db/account';
import { draftOf } from '../../db/drafts';
import { aChat, aMessage, TEASER_CHAT } from '../../db/testData';
import { syncedDevice } from '../../sync/device.fake';
import { syncNow } from '../../sync/runtime';
import { useUserStore } from '../../state/useUserStore';
import { messageBox, renderChatScreen } from './chatScreen.fake';
import { NEW_CHAT_DRAFT } from './useSend';
import { USER } from '../../testUser';

const device = syncedDevice();
/** She is signed in on this device, and it syncs with the fake server (as SyncRunner does). */
const givenUser = (user: PublicUser) => device.signIn(user);

/** A chat the server already has, with its messages. */
function onServer(chat: Chat) {
  device.server.addChat(chat);
}

/** A chat on the server whose first reply fails (REPLY_FAILED_MESSAGE); the next says `then`. */
function givenFirstReplyFails({ chatId, then }: { chatId: string; then: string }) {
  onServer(aChat({ id: chatId }));
  let fail = true;
  device.server.replyWith = () => {
    if (!fail) return { pieces: [then] };
    fail = false;
    return { failure: REPLY_FAILED_MESSAGE };
  };
}

/** Every call the screen made went through sync or the reply stream: no write over REST. */
function expectOnlySyncCalls() {
  for (const call of device.api.calls()) {
    expect(call).toMatch(
      /^(POST \/api\/sync\/push|GET \/api\/sync\/pull\?|GET \/api\/chats\/[^/]+\/replies\/)/,
    );
  }
}

/** A paid bestie's persona, as a chat carries it. */
const NENE = {
  id: 4,
  name: 'NeNe',
  description: 'Bold and dramatic.',
  avatar: '/personas/nene.svg',
};

beforeEach(() => {
  localStorage.clear();
});

describe('the chat screen', () => {
  it('shows a teaser with a button that opens the upgrade dialog, month first each time', async () => {
    onServer(TEASER_CHAT);
    givenUser(USER);
    renderChatScreen('/chat/c1');
    // Her chat comes from the device after its first sync: more than findBy's 1 s when busy.
    expect(await screen.findByText('Oh babe, that stings.', {}, { timeout: 8000 })).toBeTruthy();
    const teaserButton = screen.getByRole('button', {
      name: 'HEAR WHAT YOUR BESTIE HAS TO SAY...',
    });
    await userEvent.click(teaserButton);
    let dialog = within(await screen.findByRole('dialog', { name: 'Upgrade Your Bestie' }));
    expect(dialog.getByRole('tab', { name: 'Month' }).getAttribute('aria-selected')).toBe('true');
    expect(dialog.getByText('Get the full bestie squad + exclusive perks')).toBeTruthy();
    await userEvent.click(dialog.getByRole('tab', { name: 'Day' }));
    expect(dialog.getByText('Subscribe to unlock unlimited chats with Cassie!')).toBeTruthy();

    // Closed on Day and opened again: Month is chosen again (spec §2), not the tab seen last.
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Upgrade Your Bestie' })).toBeNull(),
    );
    await userEvent.click(teaserButton);
    dialog = within(await screen.findByRole('dialog', { name: 'Upgrade Your Bestie' }));
    expect(dialog.getByRole('tab', { name: 'Month' }).getAttribute('aria-selected')).toBe('true');
    expect(dialog.getByText('Get the full bestie squad + exclusive perks')).toBeTruthy();
  });

  it("shows 'Chat Not Found' for a chat the server does not have", async () => {
    givenUser(USER);
    const { location } = renderChatScreen('/chat/8a1c1f7e-1111-4222-8333-944445555666');
    expect(await screen.findByRole('heading', { name: 'Chat Not Found' })).toBeTruthy();
    expect(
      screen.getByText(
        "This chat may have been deleted or doesn't exist. You can start a new conversation.",
      ),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Start a New Chat' }));
    await waitFor(() => expect(location()).toMatch(/^\/chat\?new=\d+$/));
  });

  it("greets a persona chat with the bestie's own welcome and the AI note", async () => {
    onServer(aChat({ id: 'c2', title: '' }));
    givenUser(USER);
    renderChatScreen('/chat/c2');
    expect(
      await screen.findByText(/^Hey! I'm Cassie\. .* What's on your mind today\?$/),
    ).toBeTruthy();
    expect(screen.getByText('No messages yet!')).toBeTruthy();
    expect(screen.getByText(/an AI, not a person/)).toBeTruthy();
  });

  it('shows a stored greeting once, saying she is an AI, in place of the welcome', async () => {
    const greeting =
      "Hey! I'm Elena. Your go-to for real talk about work and life. What's on your mind today?";
    const greeted = aChat({
      id: 'greeted',
      messages: [
        aMessage({ id: 'g', chatId: 'greeted', seq: 1, isUser: false, message: greeting }),
      ],
    });
    onServer(greeted);
    givenUser(USER);
    renderChatScreen('/chat/greeted');
    const log = await screen.findByRole('log', { name: 'Messages' });
    expect(await within(log).findByText(greeting)).toBeTruthy();
    expect(within(log).getAllByText(/^Hey! I'm/)).toHaveLength(1);
    expect(within(log).getByText(/an AI, not a person/)).toBeTruthy();
    expect(within(log).queryByText('No messages yet!')).toBeNull();
  });

  it('shows only the newest page of a long chat, and the AI reminder for hours of chatting beyond it', async () => {
    // 100 messages two minutes apart: 3 h 18 min with no break, though the newest page of 50
    // spans only 98 minutes.
    const start = Date.parse('2026-11-25T08:00:00.000Z');
    const messages = Array.from({ length: 100 }, (_, i) =>
      aMessage({
        id: `long-${i + 1}`,
        chatId: 'long',
        seq: i + 1,
        isUser: i % 2 === 0,
        message: `Line ${i + 1}`,
        timestamp: new Date(start + i * 2 * 60_000).toISOString(),
      }),
    );
    onServer(aChat({ id: 'long', messages }));
    givenUser({ ...USER, subscriptionTier: 'premium' });
    renderChatScreen('/chat/long');
    // A hundred rows to pull and draw: slower than the other chats here.
    const slow = { timeout: 10_000 };
    const log = await screen.findByRole('log', { name: 'Messages' }, slow);
    expect(await within(log).findByText('Line 100', {}, slow)).toBeTruthy();
    expect(within(log).getByText('Line 51')).toBeTruthy();
    expect(within(log).queryByText('Line 50')).toBeNull();
    // Judged on the whole chat, read beside the page drawn: it may come a moment later.
    expect((await within(log).findByRole('note', {}, slow)).textContent).toMatch(
      /your bestie is an AI/,
    );
    await userEvent.click(within(log).getByRole('button', { name: 'Load earlier messages' }));
    expect(await within(log).findByText('Line 1', {}, slow)).toBeTruthy();
  }, 30_000);

  it('opens a chat this device has never held on its messages, with no welcome flashing before them', async () => {
    // A fresh device: the chat and its messages arrive in one pull, read by two queries.
    onServer(TEASER_CHAT);
    const seen: string[] = [];
    const watcher = new MutationObserver(() => {
      const log = document.querySelector('[role="log"]');
      if (log?.textContent) seen.push(log.textContent);
    });
    watcher.observe(document.body, { childList: true, subtree: true, characterData: true });
    givenUser(USER);
    renderChatScreen('/chat/c1');
    expect(await screen.findByText('He ghosted me', {}, { timeout: 5000 })).toBeTruthy();
    watcher.disconnect();
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((text) => !text.includes('He ghosted me'))).toEqual([]);
  });

  it('keeps the help card of a crisis the server answered with an ordinary reply, once the chat is drawn', async () => {
    // The server read it otherwise (an older reading): when unsure, the help stays. The card is
    // read after the chat is on screen, once the crisis patterns are compiled.
    onServer(
      aChat({
        id: 'c-help',
        messages: [
          aMessage({ id: 'h1', chatId: 'c-help', seq: 1, message: 'i want to die' }),
          aMessage({
            id: 'h2',
            chatId: 'c-help',
            seq: 2,
            isUser: false,
            replyTo: 'h1',
            message: 'That sounds like a lot.',
          }),
        ],
      }),
    );
    givenUser({ ...USER, subscriptionTier: 'premium' });
    renderChatScreen('/chat/c-help');
    const log = await screen.findByRole('log', { name: 'Messages' }, { timeout: 5000 });
    expect(
      await within(log).findByRole('region', { name: 'Get help now' }, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('sends through the outbox and shows the reply read from its stream', async () => {
    onServer(aChat({ id: 'c3' }));
    device.server.replyWith = () => ({ pieces: ['I hear ', 'you.'] });
    givenUser({ ...USER, subscriptionTier: 'premium' });
    renderChatScreen('/chat/c3');
    const box = await messageBox();
    await userEvent.type(box, 'Rough day{Enter}');
    expect((box as HTMLTextAreaElement).value).toBe('');
    expect(await screen.findByText('Rough day')).toBeTruthy();
    expect(await screen.findByText('I hear you.')).toBeTruthy();
    expect(device.server.received).toMatchObject([
      { type: 'sendMessage', chatId: 'c3', message: { message: 'Rough day' } },
    ]);
    expectOnlySyncCalls();
  });

  it('still waits for the reply to her newest message when an earlier reply comes after it', async () => {
    onServer(
      aChat({
        id: 'c8',
        messages: [
          aMessage({ id: 'm1', chatId: 'c8', seq: 1, message: 'first' }),
          aMessage({ id: 'm2', chatId: 'c8', seq: 2, message: 'second' }),
          aMessage({
            id: 'r1',
            chatId: 'c8',
            seq: 3,
            isUser: false,
            replyTo: 'm1',
            message: 'To the first',
          }),
        ],
      }),
    );
    device.server.replyWith = () => ({ pieces: ['To the ', 'second'] });
    givenUser({ ...USER, subscriptionTier: 'premium' });
    renderChatScreen('/chat/c8');
    expect(await screen.findByText('To the first')).toBeTruthy();
    expect(await screen.findByText('To the second')).toBeTruthy();
    expect(device.api.calls()).toContain('GET /api/chats/c8/replies/m2');
  });

  it('keeps a message whose reply failed, and retries it with the same id', async () => {
    givenFirstReplyFails({ chatId: 'c4', then: 'Back now!' });
    givenUser(USER);
    renderChatScreen('/chat/c4');
    await userEvent.type(await messageBox(), 'hello?{Enter}');
    // Push, reply stream, then the pull that brings the failure: room for a busy machine (a
    // CI run beside other work can take over 5 s here).
    const busy = { timeout: 10_000 };
    // Under her message: the polite live region says the same words a moment later. (Not
    // within a log element taken now: the list may be drawn anew as the chat arrives.)
    const underHers = { selector: '.chat-bubble__error span' };
    expect(await screen.findByText(REPLY_FAILED_MESSAGE, underHers, busy)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Back now!', {}, busy)).toBeTruthy();
    const sent = device.server.received.flatMap((m) => (m.type === 'sendMessage' ? [m] : []));
    expect(sent).toHaveLength(2);
    expect(sent[0]!.message.id).toBe(sent[1]!.message.id);
    expect(sent[0]!.id).not.toBe(sent[1]!.id);
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('takes her to her message box when she retries from the keyboard (the Retry button goes)', async () => {
    givenFirstReplyFails({ chatId: 'c5', then: 'Back again!' });
    givenUser(USER);
    renderChatScreen('/chat/c5');
    const box = await messageBox();
    await userEvent.type(box, 'hello?{Enter}');
    const retry = await screen.findByRole('button', { name: 'Retry' }, { timeout: 10_000 });
    retry.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull(), {
      timeout: 10_000,
    });
    expect(document.activeElement).toBe(box);
    expect(await screen.findByText('Back again!', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('opens a new chat at its own URL at once and keeps the same message box', async () => {
    device.server.replyWith = () => ({ pieces: ['Tell me more!'] });
    givenUser(USER);
    const { location } = renderChatScreen('/chat?new=1');
    const box = await messageBox();
    await userEvent.type(box, 'hey{Enter}and one more thing');
    await waitFor(() => expect(location()).toMatch(/^\/chat\/[0-9a-f-]{36}$/));
    const chatId = location().slice('/chat/'.length);
    expect(await screen.findByText('Tell me more!')).toBeTruthy();
    // Never remade: the same box still holds what she typed after sending.
    expect(screen.getByPlaceholderText('Message your bestie...')).toBe(box);
    expect((box as HTMLTextAreaElement).value).toBe('and one more thing');
    expect(device.server.received).toMatchObject([
      { type: 'createChat', chat: { id: chatId, message: 'hey', personaId: 1 } },
    ]);
    expectOnlySyncCalls();
  });

  it('sends what she wrote while the chat was still loading once it is read', async () => {
    onServer(aChat({ id: 'c9' }));
    let release = () => {};
    device.server.pullGate = new Promise((resolve) => (release = resolve));
    givenUser(USER);
    renderChatScreen('/chat/c9');
    const box = await screen.findByPlaceholderText<HTMLTextAreaElement>('Message your bestie...');
    await userEvent.type(box, 'typed at once{Enter}');
    expect(screen.getByRole('status', { name: 'Loading chat' })).toBeTruthy();
    expect(box.value).toBe('typed at once');
    release();
    expect(await screen.findByText('typed at once', { selector: '.chat-bubble' })).toBeTruthy();
    expect(screen.getByPlaceholderText('Message your bestie...')).toBe(box);
    expect(box.value).toBe('');
    // One message, sent once: a busy machine may push its mutation again (the same id, which
    // the server applies once), never a second message.
    await waitFor(() => {
      const sends = device.server.received.filter((mutation) => mutation.type === 'sendMessage');
      expect(sends[0]).toMatchObject({ chatId: 'c9', message: { message: 'typed at once' } });
      expect(new Set(sends.map((mutation) => mutation.id)).size).toBe(1);
    });
    expect(screen.getAllByText('typed at once', { selector: '.chat-bubble' })).toHaveLength(1);
  });

  it("shows her chats loading, not 'no tea yet', until the first sync has answered", async () => {
    let release = () => {};
    device.server.pullGate = new Promise((resolve) => (release = resolve));
    givenUser(USER);
    renderChatScreen('/chat?new=1');
    const history = within(screen.getAllByRole('navigation', { name: 'Chat history' })[0]!);
    expect(await history.findByRole('status', { name: 'Loading chats' })).toBeTruthy();
    expect(history.queryByText("You haven't spilled any tea yet!")).toBeNull();
    release();
    expect(await history.findByText("You haven't spilled any tea yet!")).toBeTruthy();
  });

  it('opens the upgrade dialog after a teaser reply once she has left her message box, not while she is in it', async () => {
    onServer(aChat({ id: 'c5' }));
    device.server.replyWith = () => ({ pieces: ['Oh babe, that stings.'], isTeaser: true });
    givenUser(USER);
    renderChatScreen('/chat/c5');
    const box = await messageBox();
    await userEvent.type(box, 'hi{Enter}');
    await screen.findByRole('button', { name: 'HEAR WHAT YOUR BESTIE HAS TO SAY...' });
    // Past the 2 s: she is still in the box, so nothing opens and she keeps typing.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(screen.queryByRole('dialog', { name: 'Upgrade Your Bestie' })).toBeNull();
    await userEvent.type(box, 'honestly idk what to believe anymore');
    expect(box.value).toBe('honestly idk what to believe anymore');
    expect(document.activeElement).toBe(box);
    // Leaving the box with words in it does not open it either; leaving it empty does.
    await userEvent.tab();
    expect(screen.queryByRole('dialog', { name: 'Upgrade Your Bestie' })).toBeNull();
    await userEvent.clear(box);
    await userEvent.tab();
    expect(await screen.findByRole('dialog', { name: 'Upgrade Your Bestie' })).toBeTruthy();
  }, 15_000);

  it('opens the waiting upgrade dialog when she sends her next message, and asks once a day', async () => {
    onServer(aChat({ id: 'c7' }));
    device.server.replyAtOnce = true;
    device.server.replyWith = () => ({ pieces: ['Oh babe, that stings.'], isTeaser: true });
    givenUser(USER);
    renderChatScreen('/chat/c7');
    const box = await messageBox();
    await userEvent.type(box, 'hi{Enter}');
    await screen.findByRole('button', { name: 'HEAR WHAT YOUR BESTIE HAS TO SAY...' });
    expect(device.api.calls().some((call) => call.includes('/replies/'))).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(screen.queryByRole('dialog', { name: 'Upgrade Your Bestie' })).toBeNull();
    await userEvent.type(box, 'he said sorry though{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade Your Bestie' });
    // Her words went as she typed them, before the dialog opened.
    await waitFor(() =>
      expect(
        device.server.received.flatMap((m) =>
          m.type === 'sendMessage' ? [m.message.message] : [],
        ),
      ).toContain('he said sorry though'),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Upgrade Your Bestie' })).toBeNull(),
    );
    // The next teaser, the next send, leaving the box: today it does not open by itself again.
    await waitFor(() =>
      expect(
        screen.getAllByRole('button', { name: 'HEAR WHAT YOUR BESTIE HAS TO SAY...' }),
      ).toHaveLength(2),
    );
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await userEvent.type(box, 'ok{Enter}');
    await userEvent.tab();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(screen.queryByRole('dialog', { name: 'Upgrade Your Bestie' })).toBeNull();
    // The teaser's button still opens it, whenever she asks.
    await userEvent.click(
      screen.getAllByRole('button', { name: 'HEAR WHAT YOUR BESTIE HAS TO SAY...' })[0]!,
    );
    expect(await screen.findByRole('dialog', { name: 'Upgrade Your Bestie' })).toBeTruthy();
  }, 30_000);

  it('does not nudge for her message and a fresh teaser written on another device, arriving together', async () => {
    onServer(aChat({ id: 'c8', messages: [aMessage({ id: 'u0', chatId: 'c8', seq: 1 })] }));
    givenUser(USER);
    renderChatScreen('/chat/c8');
    await screen.findByText('Hello');
    // Written elsewhere just now: her message and its reply reach this screen in one read.
    const now = new Date().toISOString();
    device.server.change({
      kind: 'message',
      row: aMessage({ id: 'u1', chatId: 'c8', seq: 2, message: 'hi again', timestamp: now }),
    });
    device.server.change({
      kind: 'message',
      row: aMessage({
        id: 'r1',
        chatId: 'c8',
        seq: 3,
        isUser: false,
        isTeaser: true,
        replyTo: 'u1',
        message: 'Oh babe, that stings.',
        timestamp: now,
      }),
    });
    await syncNow();
    await screen.findByRole('button', { name: 'HEAR WHAT YOUR BESTIE HAS TO SAY...' });
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(screen.queryByRole('dialog', { name: 'Upgrade Your Bestie' })).toBeNull();
  }, 15_000);

  it('does not nudge for a teaser that was already there when she opened the chat', async () => {
    onServer(TEASER_CHAT);
    givenUser(USER);
    renderChatScreen('/chat/c1');
    await screen.findByText('Oh babe, that stings.');
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(screen.queryByRole('dialog', { name: 'Upgrade Your Bestie' })).toBeNull();
  });

  it('keeps her text and offers the upgrade when her plan does not cover the bestie', async () => {
    onServer(
      aChat({
        id: 'c6',
        persona: { id: 2, name: 'Brooke', description: 'Bold.', avatar: '/personas/brooke.svg' },
      }),
    );
    givenUser(USER);
    renderChatScreen('/chat/c6');
    const box = await messageBox();
    await userEvent.type(box, 'spill it{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Upgrade Your Bestie' })).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe('spill it');
    expect(device.server.received).toEqual([]);
  });

  it('keeps what she typed into a new chat when she leaves and comes back', async () => {
    givenUser(USER);
    renderChatScreen('/chat?new=1');
    await userEvent.type(await messageBox(), 'so about last night');
    await waitFor(async () => expect(await draftOf(NEW_CHAT_DRAFT)).toBe('so about last night'));
    cleanup();

    renderChatScreen('/chat?new=2');
    const box = await messageBox();
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe('so about last night'));
  });

  it('bestie=cassie opens her most recently updated chat', async () => {
    onServer(aChat({ id: 'old', updatedAt: '2026-11-20T10:00:00.000Z' }));
    onServer(aChat({ id: 'new', updatedAt: '2026-11-25T10:00:00.000Z' }));
    givenUser(USER);
    const { location } = renderChatScreen('/chat?bestie=cassie');
    await waitFor(() => expect(location()).toBe('/chat/new'));
    expect(device.server.received).toEqual([]);
  });

  it('bestie=cassie opens her most recent chat with Cassie, not a newer one with another bestie', async () => {
    onServer(aChat({ id: 'cassie', updatedAt: '2026-11-20T10:00:00.000Z' }));
    onServer(aChat({ id: 'nene', updatedAt: '2026-11-25T10:00:00.000Z', persona: NENE }));
    givenUser({ ...USER, subscriptionTier: 'premium' });
    const { location } = renderChatScreen('/chat?bestie=cassie');
    await waitFor(() => expect(location()).toBe('/chat/cassie'));
    expect(await screen.findByText(/^Hey! I'm Cassie\./)).toBeTruthy();
    expect(device.server.received).toEqual([]);
  });

  it('bestie=cassie creates an empty Cassie chat when her chats are all with other besties', async () => {
    onServer(aChat({ id: 'nene', persona: NENE }));
    givenUser({ ...USER, subscriptionTier: 'premium' });
    const { location } = renderChatScreen('/chat?bestie=cassie');
    await waitFor(() => expect(location()).toMatch(/^\/chat\/[0-9a-f-]{36}$/));
    await waitFor(() => expect(device.server.received).toHaveLength(1));
    expect(device.server.received).toMatchObject([
      { type: 'createChat', chat: { personaId: 1, isEmptyChatCreation: true } },
    ]);
  });

  it('bestie=cassie creates one empty Cassie chat when she has none', async () => {
    givenUser(USER);
    const { location } = renderChatScreen('/chat?bestie=cassie');
    await waitFor(() => expect(location()).toMatch(/^\/chat\/[0-9a-f-]{36}$/));
    const chatId = location().slice('/chat/'.length);
    await waitFor(() => expect(device.server.received).toHaveLength(1));
    expect(device.server.received).toMatchObject([
      { type: 'createChat', chat: { id: chatId, personaId: 1, isEmptyChatCreation: true } },
    ]);
    expect(await messageBox()).toBeTruthy();
    expectOnlySyncCalls();
  });

  it('bestie=cassie after she logged out and back in on this tab opens her Cassie chat, not a second one', async () => {
    onServer(aChat({ id: 'mine', title: '' }));
    givenUser(USER);
    renderChatScreen('/chat/mine');
    expect(await screen.findByText(/^Hey! I'm Cassie\./, {}, { timeout: 5000 })).toBeTruthy();
    // She logs out (LogoutButton): her chats leave the device with her.
    cleanup();
    device.stopSync?.();
    useUserStore.setState({ user: null });
    await clearLocalData();

    // She logs back in: the screen is drawn before her sync starts (SyncSession, after paint).
    useUserStore.setState({ status: 'ready', user: USER });
    const { location } = renderChatScreen('/chat?bestie=cassie');
    device.signIn(USER);
    await waitFor(() => expect(location()).toBe('/chat/mine'));
    expect(device.server.received).toEqual([]);
  });

  it("shows a visitor 'Chat Not Found' for a chat that is not hers, and a new Cassie chat from there", async () => {
    useUserStore.setState({ status: 'ready', user: null });
    const { location } = renderChatScreen(
      '/chat/8a1c1f7e-1111-4222-8333-944445555666?bestie=cassie',
    );
    expect(await screen.findByRole('heading', { name: 'Chat Not Found' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Start a New Chat' }));
    await waitFor(() => expect(location()).toMatch(/^\/chat\?bestie=cassie&new=\d+$/));
    expect(await screen.findByText(/^Hey! I'm Cassie\./)).toBeTruthy();
  });

  it('asks a visitor to log in when she sends, and keeps what she typed', async () => {
    useUserStore.setState({ status: 'ready', user: null });
    renderChatScreen('/chat?bestie=cassie');
    const box = await messageBox();
    expect(screen.getByText(/^Hey! I'm Cassie\./)).toBeTruthy();
    await userEvent.type(box, 'is he worth it?{Enter}');
    const modal = within(
      await screen.findByRole('dialog', { name: 'Continue chatting with Cassie' }),
    );
    expect(modal.getByRole('tab', { name: 'Log In' })).toBeTruthy();
    expect(modal.getByRole('tab', { name: 'Sign Up Free' })).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe('is he worth it?');
  });
});

describe("a visitor's held message, once she logs in", () => {
  /** A visitor writes to Cassie and is asked to log in; then she does (as the modal's forms do). */
  async function writeThenLogIn(words: string) {
    useUserStore.setState({ status: 'ready', user: null });
    const app = renderChatScreen('/chat?bestie=cassie');
    await userEvent.type(await messageBox(), `${words}{Enter}`);
    await screen.findByRole('dialog', { name: 'Continue chatting with Cassie' });
    givenUser(USER);
    return app;
  }

  it('goes into her empty Cassie chat rather than a new one beside it', async () => {
    onServer(aChat({ id: 'empty', title: '' }));
    const { location } = await writeThenLogIn('is he worth it?');
    await waitFor(() => expect(location()).toBe('/chat/empty'));
    // The chat opens anew at its URL (its own message list), her words read for a crisis first.
    await waitFor(
      () => {
        const log = screen.getByRole('log', { name: 'Messages' });
        expect(within(log).getByText('is he worth it?')).toBeTruthy();
      },
      { timeout: 10_000 },
    );
    await waitFor(() => expect(device.server.received).toHaveLength(1));
    expect(device.server.received).toMatchObject([
      { type: 'sendMessage', chatId: 'empty', message: { message: 'is he worth it?' } },
    ]);
  });

  it('starts a new Cassie chat when her Cassie chats already hold a conversation', async () => {
    onServer(TEASER_CHAT);
    const { location } = await writeThenLogIn('is he worth it?');
    await waitFor(() => expect(location()).toMatch(/^\/chat\/[0-9a-f-]{36}$/));
    await waitFor(() => expect(device.server.received).toHaveLength(1));
    expect(device.server.received).toMatchObject([
      { type: 'createChat', chat: { personaId: 1, message: 'is he worth it?' } },
    ]);
  });
});

describe('a device whose last user was signed out without the log-out button', () => {
  const HER = { ...USER, id: 'her', email: 'her@example.com' };
  const NEXT = { ...USER, id: 'next', email: 'next@example.com' };

  /** Her chats and a message she wrote offline stayed on the device; then her session ended. */
  async function herDataLocked() {
    await claimDevice(HER);
    await db.chats.put(toLocalChat(aChat({ id: 'hers', title: 'Her wedding plans' })));
    await db.chats.put(toLocalChat(aChat({ id: 'her-empty', title: '' })));
    const persona = { id: 1, name: 'Cassie', description: '', avatar: '' };
    await queueMessage({ chatId: 'hers', messageId: 'her-1', text: 'Hers', newChat: { persona } });
    await lockOwnerData(() => false);
  }

  it('shows a visitor none of her chats, and says she was signed out', async () => {
    await herDataLocked();
    useUserStore.setState({ status: 'ready', user: null });
    renderChatScreen('/chat?bestie=cassie');
    const history = within(screen.getAllByRole('navigation', { name: 'Chat history' })[0]!);
    expect(
      await history.findByText('You were signed out. Log in again to see your chats.'),
    ).toBeTruthy();
    expect(screen.queryByText('Her wedding plans')).toBeNull();
  });

  it('wipes her data, as the log-out button does, once a visitor starts chatting', async () => {
    await herDataLocked();
    useUserStore.setState({ status: 'ready', user: null });
    renderChatScreen('/chat?bestie=cassie');
    await userEvent.type(await messageBox(), 'first time here{Enter}');
    await screen.findByRole('dialog', { name: 'Continue chatting with Cassie' });
    await waitFor(async () => expect(await db.meta.get('userId')).toBeUndefined());
    expect(await db.chats.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it("sends a visitor's first message once she signs up, her data wiped before it is written", async () => {
    await herDataLocked();
    useUserStore.setState({ status: 'ready', user: null });
    const { location } = renderChatScreen('/chat?bestie=cassie');
    await userEvent.type(await messageBox(), 'first time here{Enter}');
    await screen.findByRole('dialog', { name: 'Continue chatting with Cassie' });
    givenUser(NEXT);
    await waitFor(() => expect(location()).toMatch(/^\/chat\/[0-9a-f-]{36}$/));
    await waitFor(() => expect(device.server.received).toHaveLength(1));
    expect(device.server.received).toMatchObject([
      { type: 'createChat', chat: { personaId: 1, message: 'first time here' } },
    ]);
    expect(await db.chats.get('hers')).toBeUndefined();
    expect(screen.queryByText('Her wedding plans')).toBeNull();
  });
});

describe('care mode on the device', () => {
  afterEach(() => vi.useRealTimers());
  const hourAgo = () => new Date(Date.now() - 60 * 60_000).toISOString();
  const pinnedHelp = () => screen.queryByRole('region', { name: /Real people can help/ });

  it('pins help after a crisis, and a teaser reply shows no subscribe button nor the nudge', async () => {
    const at = hourAgo();
    onServer(
      aChat({
        id: 'c-care',
        messages: [
          aMessage({ id: 'u1', chatId: 'c-care', seq: 1, message: 'i want to die', timestamp: at }),
          aMessage({
            id: 'r1',
            chatId: 'c-care',
            seq: 2,
            isUser: false,
            isCrisis: true,
            replyTo: 'u1',
            message: 'I am so glad you told me. Please call or text 988.',
            timestamp: at,
          }),
        ],
      }),
    );
    device.server.replyWith = () => ({ pieces: ['Oh babe, that stings.'], isTeaser: true });
    givenUser(USER);
    renderChatScreen('/chat/c-care');
    await userEvent.type(await messageBox(), 'he ghosted me{Enter}');
    expect(await screen.findByText('Oh babe, that stings.')).toBeTruthy();
    expect(pinnedHelp()).toBeTruthy();
    expect(
      screen.queryByRole('button', { name: 'HEAR WHAT YOUR BESTIE HAS TO SAY...' }),
    ).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(screen.queryByRole('dialog', { name: 'Upgrade Your Bestie' })).toBeNull();
  }, 15_000);

  it('starts at once, before any reply, when her message reads as a crisis here', async () => {
    // The fake server stamps her message with aMessage's time: the clock half an hour later.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-11-25T10:30:00.000Z') });
    onServer(aChat({ id: 'c-now' }));
    device.server.replyStreamsHang = true;
    givenUser(USER);
    renderChatScreen('/chat/c-now');
    const box = await messageBox();
    expect(pinnedHelp()).toBeNull();
    await userEvent.type(box, 'i took all my sleeping pills{Enter}');
    const pinned = await screen.findByRole(
      'region',
      { name: /Real people can help/ },
      { timeout: 5000 },
    );
    const first = within(pinned).getAllByRole('link')[0];
    expect(first?.textContent).toBe('Call 911 now');
    // Focus stays in her message box: help never takes it while she types.
    expect(document.activeElement).toBe(box);
  });

  it('sends words of crisis to a bestie her plan does not cover, rather than the plans', async () => {
    onServer(
      aChat({
        id: 'c-locked',
        persona: { id: 2, name: 'Brooke', description: 'Bold.', avatar: '/personas/brooke.svg' },
      }),
    );
    givenUser(USER);
    renderChatScreen('/chat/c-locked');
    await userEvent.type(await messageBox(), 'i want to kill myself{Enter}');
    await waitFor(() => expect(device.server.received.length).toBeGreaterThan(0));
    expect(screen.queryByRole('dialog', { name: 'Upgrade Your Bestie' })).toBeNull();
  });
});
