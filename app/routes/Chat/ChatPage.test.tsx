import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Chat } from '@shared/chat';
import { clearLocalData } from '../../db/chats';
import { draftOf } from '../../db/sync';
import { aChat, aMessage } from '../../db/testData';
import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { RequireUser } from '../../components/RequireUser';
import { useUserStore } from '../../state/useUserStore';
import type { PublicUser } from '@shared/user';
import { ChatPage } from './ChatPage';
import { useReplyStream } from './replyStream';
import { NEW_CHAT_DRAFT } from './useSend';

const USER: PublicUser = {
  id: 'user-1',
  email: 'cassie.fan@example.com',
  name: null,
  profileImage: null,
  subscriptionTier: 'free',
  metadata: { ageRange: null, location: null },
};

function givenUser(user: PublicUser | null) {
  useUserStore.setState({ status: 'ready', user });
}

/** The chat route alone, so these tests do not depend on the other screens. */
function renderApp(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/chat/:id?',
        element: (
          <RequireUser>
            <ChatPage />
          </RequireUser>
        ),
      },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  return { location: () => router.state.location.pathname + router.state.location.search };
}

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

/** A fake API: each test says how it answers; unknown calls are a 404. */
function fakeApi(routes: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const key = `${init.method ?? 'GET'} ${url}`;
    const handler = routes[key];
    if (handler) return handler(url, init);
    return Response.json({ message: 'Not found', code: 'not_found' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function sseResponse(events: [string, unknown][]): Response {
  const text = events.map(([e, d]) => `event: ${e}\ndata: ${JSON.stringify(d)}\n\n`).join('');
  return new Response(text, { headers: { 'Content-Type': 'text/event-stream' } });
}

const TEASER_CHAT: Chat = aChat({
  id: 'c1',
  title: 'Boy trouble',
  messages: [
    aMessage({ id: 'u1', chatId: 'c1', message: 'He ghosted me' }),
    aMessage({
      id: 'r1',
      chatId: 'c1',
      isUser: false,
      isTeaser: true,
      message: 'Oh babe, that stings.',
      timestamp: '2026-11-25T10:00:01.000Z',
    }),
  ],
});

beforeEach(async () => {
  await clearLocalData();
  useReplyStream.setState({}, true);
  // Unknown calls answer 404 until a test says otherwise: nothing reaches a real network.
  fakeApi({});
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the chat screen', () => {
  it('shows a teaser with a button that opens the upgrade dialog, month first', async () => {
    givenUser(USER);
    fakeApi({
      'GET /api/chats': () => Response.json([TEASER_CHAT]),
      'GET /api/chats/c1': () => Response.json(TEASER_CHAT),
    });
    renderApp('/chat/c1');
    expect(await screen.findByText('Oh babe, that stings.')).toBeTruthy();
    await userEvent.click(
      screen.getByRole('button', { name: 'HEAR WHAT YOUR BESTIE HAS TO SAY...' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Upgrade Your Bestie' }));
    expect(dialog.getByRole('tab', { name: 'Month' }).getAttribute('aria-selected')).toBe('true');
    expect(dialog.getByText('Get the full bestie squad + exclusive perks')).toBeTruthy();
    await userEvent.click(dialog.getByRole('tab', { name: 'Day' }));
    expect(dialog.getByText('Subscribe to unlock unlimited chats with Cassie!')).toBeTruthy();
  });

  it("shows 'Chat Not Found' for a chat that does not exist", async () => {
    givenUser(USER);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi({ 'GET /api/chats': () => Response.json([]) });
    const { location } = renderApp('/chat/8a1c1f7e-1111-4222-8333-944445555666');
    expect(await screen.findByRole('heading', { name: 'Chat Not Found' })).toBeTruthy();
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
    expect(
      screen.getByText(
        "This chat may have been deleted or doesn't exist. You can start a new conversation.",
      ),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Start a New Chat' }));
    await waitFor(() => expect(location()).toMatch(/^\/chat\?new=\d+$/));
  });

  it("greets a persona chat with the bestie's own welcome and the AI note", async () => {
    givenUser(USER);
    const empty = aChat({ id: 'c2', title: '' });
    fakeApi({
      'GET /api/chats': () => Response.json([empty]),
      'GET /api/chats/c2': () => Response.json(empty),
    });
    renderApp('/chat/c2');
    expect(
      await screen.findByText(/^Hey! I'm Cassie\. .* What's on your mind today\?$/),
    ).toBeTruthy();
    expect(screen.getByText('No messages yet!')).toBeTruthy();
    expect(screen.getByText(/an AI, not a person/)).toBeTruthy();
  });

  it('streams a reply into an open chat', async () => {
    givenUser({ ...USER, subscriptionTier: 'premium' });
    const chat = aChat({ id: 'c3', messages: [] });
    fakeApi({
      'GET /api/chats': () => Response.json([chat]),
      'GET /api/chats/c3': () => Response.json(chat),
      'POST /api/chats/c3/messages': (_url, init) => {
        const body = JSON.parse(String(init.body)) as { id: string; message: string };
        const user = aMessage({ id: body.id, chatId: 'c3', message: body.message });
        const reply = aMessage({ id: 'r', chatId: 'c3', isUser: false, message: 'I hear you.' });
        chat.messages.push(user, reply);
        return sseResponse([
          ['user', user],
          ['delta', { text: 'I hear ' }],
          ['delta', { text: 'you.' }],
          ['reply', reply],
        ]);
      },
    });
    renderApp('/chat/c3');
    const box = await screen.findByPlaceholderText('Message your bestie...');
    await userEvent.type(box, 'Rough day{Enter}');
    expect(await screen.findByText('I hear you.')).toBeTruthy();
    expect(await screen.findByText('Rough day')).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe('');
  });

  it('keeps a message whose reply failed, and retries it with the same id', async () => {
    givenUser(USER);
    const chat = aChat({ id: 'c4' });
    const sentIds: string[] = [];
    let fail = true;
    fakeApi({
      'GET /api/chats': () => Response.json([chat]),
      'GET /api/chats/c4': () => Response.json(chat),
      'POST /api/chats/c4/messages': (_url, init) => {
        const body = JSON.parse(String(init.body)) as { id: string; message: string };
        sentIds.push(body.id);
        if (fail) {
          fail = false;
          return Response.json({ message: 'AI down', code: 'reply_failed' }, { status: 502 });
        }
        return sseResponse([
          ['user', aMessage({ id: body.id, chatId: 'c4', message: body.message })],
          ['reply', aMessage({ id: 'r', chatId: 'c4', isUser: false, message: 'Back now!' })],
        ]);
      },
    });
    // Spec §8: a failed send is only logged; the screen shows her message with a retry.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/chat/c4');
    await userEvent.type(
      await screen.findByPlaceholderText('Message your bestie...'),
      'hello?{Enter}',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Back now!')).toBeTruthy();
    expect(sentIds).toHaveLength(2);
    expect(sentIds[0]).toBe(sentIds[1]);
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });

  it('creates the chat with her first message and opens it', async () => {
    givenUser(USER);
    const api: Record<string, Handler> = {
      'GET /api/chats': () => Response.json([]),
      'POST /api/chats': (_url, init) => {
        const body = JSON.parse(String(init.body)) as {
          id: string;
          messageId: string;
          message: string;
        };
        const chat = aChat({
          id: body.id,
          messages: [
            aMessage({ id: body.messageId, chatId: body.id, message: body.message }),
            aMessage({ id: 'r', chatId: body.id, isUser: false, message: 'Tell me more!' }),
          ],
        });
        api[`GET /api/chats/${body.id}`] = () => {
          fetchedChats += 1;
          return Response.json(chat);
        };
        return Response.json(chat, { status: 201 });
      },
    };
    let fetchedChats = 0;
    fakeApi(api);
    const { location } = renderApp('/chat?new=1');
    await userEvent.type(
      await screen.findByPlaceholderText('Message your bestie...'),
      'hey{Enter}',
    );
    await waitFor(() => expect(location()).toMatch(/^\/chat\/[0-9a-f-]{36}$/));
    expect(await screen.findByText('Tell me more!')).toBeTruthy();
    // Still there once the opened chat has been fetched (not 'Chat Not Found').
    await waitFor(() => expect(fetchedChats).toBeGreaterThan(0));
    expect(await screen.findByText('Tell me more!')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Chat Not Found' })).toBeNull();
  });

  it('opens the upgrade dialog 2 s after a teaser reply arrives', async () => {
    givenUser(USER);
    const chat = aChat({ id: 'c5' });
    fakeApi({
      'GET /api/chats': () => Response.json([chat]),
      'GET /api/chats/c5': () => Response.json(chat),
      'POST /api/chats/c5/messages': (_url, init) => {
        const body = JSON.parse(String(init.body)) as { id: string; message: string };
        const user = aMessage({ id: body.id, chatId: 'c5', message: body.message });
        const reply = aMessage({ id: 'r5', chatId: 'c5', isUser: false, isTeaser: true });
        chat.messages.push(user, reply);
        return sseResponse([
          ['user', user],
          ['reply', reply],
        ]);
      },
    });
    renderApp('/chat/c5');
    await userEvent.type(await screen.findByPlaceholderText('Message your bestie...'), 'hi{Enter}');
    await screen.findByRole('button', { name: 'HEAR WHAT YOUR BESTIE HAS TO SAY...' });
    expect(screen.queryByRole('dialog', { name: 'Upgrade Your Bestie' })).toBeNull();
    expect(
      await screen.findByRole('dialog', { name: 'Upgrade Your Bestie' }, { timeout: 3000 }),
    ).toBeTruthy();
  });

  it('gives her text back and offers the upgrade when her plan does not cover the bestie', async () => {
    givenUser(USER);
    const brooke = aChat({
      id: 'c6',
      persona: { id: 2, name: 'Brooke', description: 'Bold.', avatar: '/personas/brooke.svg' },
    });
    fakeApi({
      'GET /api/chats': () => Response.json([brooke]),
      'GET /api/chats/c6': () => Response.json(brooke),
      'POST /api/chats/c6/messages': () =>
        Response.json(
          { message: 'Subscribe', code: 'subscription_required', requiresSubscription: true },
          { status: 403 },
        ),
    });
    renderApp('/chat/c6');
    const box = await screen.findByPlaceholderText('Message your bestie...');
    await userEvent.type(box, 'spill it{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Upgrade Your Bestie' })).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe('spill it');
    // The refused message leaves the list (its local row and outbox entry are dropped).
    await waitFor(() => expect(screen.queryByText('Sending…')).toBeNull());
    expect(screen.queryByText('spill it', { selector: '.chat-bubble' })).toBeNull();
  });

  it('keeps what she typed into a new chat when she leaves and comes back', async () => {
    givenUser(USER);
    fakeApi({ 'GET /api/chats': () => Response.json([]) });
    renderApp('/chat?new=1');
    await userEvent.type(
      await screen.findByPlaceholderText('Message your bestie...'),
      'so about last night',
    );
    await waitFor(async () => expect(await draftOf(NEW_CHAT_DRAFT)).toBe('so about last night'));
    cleanup();

    renderApp('/chat?new=2');
    const box = await screen.findByPlaceholderText('Message your bestie...');
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe('so about last night'));
  });

  it('bestie=cassie opens her most recently updated chat', async () => {
    givenUser(USER);
    const older = aChat({ id: 'old', updatedAt: '2026-11-20T10:00:00.000Z' });
    const newer = aChat({ id: 'new', updatedAt: '2026-11-25T10:00:00.000Z' });
    fakeApi({
      'GET /api/chats': () => Response.json([older, newer]),
      'GET /api/chats/new': () => Response.json(newer),
    });
    const { location } = renderApp('/chat?bestie=cassie');
    await waitFor(() => expect(location()).toBe('/chat/new'));
  });

  it('bestie=cassie creates one empty Cassie chat when she has none', async () => {
    givenUser(USER);
    const creates: unknown[] = [];
    const api: Record<string, Handler> = {
      'GET /api/chats': () => Response.json([]),
      'POST /api/chats': (_url, init) => {
        const body = JSON.parse(String(init.body)) as { id: string };
        creates.push(body);
        const chat = aChat({ id: body.id, title: '' });
        api[`GET /api/chats/${body.id}`] = () => Response.json(chat); // then the screen opens it
        return Response.json(chat, { status: 201 });
      },
    };
    fakeApi(api);
    const { location } = renderApp('/chat?bestie=cassie');
    await waitFor(() => expect(location()).toMatch(/^\/chat\/[0-9a-f-]{36}$/));
    expect(creates).toEqual([{ id: expect.any(String), personaId: 1, isEmptyChatCreation: true }]);
  });

  it('asks a visitor to log in when she sends, and keeps what she typed', async () => {
    givenUser(null);
    fakeApi({});
    renderApp('/chat?bestie=cassie');
    const box = await screen.findByPlaceholderText('Message your bestie...');
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
