import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Memory } from '@shared/memory';
import { memoryMessages } from '@shared/memory-schema';
import { preloadDialogs } from '../../components/ui/Dialog';
import { Toaster } from '../../components/ui/Toaster';
import { clearLocalData, toLocalChat } from '../../db/chats';
import { db } from '../../db/db';
import { aMemory, EMMA, LISBON } from '../../db/memoryTestData';
import { savePulledPage } from '../../db/serverRows';
import { aChat } from '../../db/testData';
import { createSyncEngine } from '../../sync/engine';
import { FakeSyncServer } from '../../sync/server.fake';
import { useToastStore } from '../../state/useToastStore';
import { ChatMenu } from '../Chat/ChatMenu';
import { MemoriesSection } from './MemoriesSection';

const MAYA = aMemory({
  id: 'maya',
  subject: 'Maya',
  detail: 'your sister',
  personaId: 2,
  sourceChatId: 'deleted-chat',
  sourceMessageId: 'm9',
  createdAt: '2026-11-24T10:00:00.000Z',
});
const BIRTHDAY = aMemory({
  id: 'birthday',
  kind: 'event',
  subject: 'your birthday',
  detail: 'May 3rd',
  date: '2027-05-03',
  sourceChatId: null,
  sourceMessageId: null,
});
const MATCHA = aMemory({
  id: 'matcha',
  kind: 'like',
  subject: 'matcha lattes',
  detail: 'you love it',
});

/** Memories as the sync engine stores them, and the chat most came from on this device. */
async function remembered(...memories: Memory[]) {
  await db.chats.put(toLocalChat(aChat({ id: 'c1', title: 'Emma news' })));
  await savePulledPage({
    chats: [],
    messages: [],
    tombstones: [],
    memories,
    cursor: 1,
    hasMore: false,
  });
}

const waitingMutations = async () => (await db.outbox.toArray()).map(({ mutation }) => mutation);

/** The section on /settings (or where `path` says), with a chat to go to and the toast area. */
function renderSection(path = '/settings') {
  useToastStore.setState({ current: null });
  const router = createMemoryRouter(
    [
      { path: '/settings', element: <MemoriesSection /> },
      {
        path: '/chat/:id',
        element: (
          <>
            <p>Chat screen</p>
            <ChatMenu chatId="c1" />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
  return { location: () => router.state.location.pathname + router.state.location.hash };
}

const section = () => screen.getByRole('region', { name: 'What your besties remember' });
/** The toast area; a modal dialog hides the page (toasts too) from the accessibility tree. */
const toastArea = () =>
  within(screen.getByRole('region', { name: /notifications/i, hidden: true }));
const groupNamed = (name: string) => within(screen.getByRole('list', { name }));

/**
 * Presses a memory's Forget from the keyboard. (Under a pointer the button becomes its
 * tooltip's trigger, a new node, before the press: jsdom's click would reach the old one.)
 */
async function pressForget(user: ReturnType<typeof userEvent.setup>, subject: string) {
  (await screen.findByRole('button', { name: `Forget ${subject}` })).focus();
  await user.keyboard('{Enter}');
}

beforeAll(async () => {
  await preloadDialogs();
  // The chat's menu loads after the chat paints; its first import is slow under vitest.
  await import('../Chat/ChatMenu');
});

beforeEach(async () => {
  await clearLocalData();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('What your besties remember', () => {
  it('lists her memories under their headings, with who keeps each, its day and where it came from', async () => {
    await remembered(BIRTHDAY, LISBON, EMMA, MAYA, MATCHA);
    renderSection();

    await screen.findByText('Emma');
    const headings = within(section())
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    // Nothing she's going through yet: that group is not shown.
    expect(headings).toEqual(['People', 'Places', 'Dates', 'Things you love']);

    const people = groupNamed('People');
    const [emma, maya] = people.getAllByRole('listitem');
    expect(emma!.textContent).toContain('Emmayour best friend');
    expect(within(emma!).queryByText(/^Only/)).toBeNull();
    expect(
      within(emma!).getByRole('link', { name: 'From your chat about Emma' }).getAttribute('href'),
    ).toBe('/chat/c1#m-m1');
    // Kept to Brooke alone, from a chat this device no longer has: no link to nowhere.
    expect(within(maya!).getByText('Only Brooke')).toBeTruthy();
    expect(within(maya!).queryByRole('link')).toBeNull();

    expect(groupNamed('Places').getByText('Emma is moving there')).toBeTruthy();
    const birthday = groupNamed('Dates').getByText('May 3, 2027');
    expect(birthday.getAttribute('datetime')).toBe('2027-05-03');
    expect(groupNamed('Things you love').getByText('matcha lattes')).toBeTruthy();

    for (const subject of ['Emma', 'Maya', 'Lisbon', 'your birthday', 'matcha lattes']) {
      expect(screen.getByRole('button', { name: `Edit ${subject}` })).toBeTruthy();
      expect(screen.getByRole('button', { name: `Forget ${subject}` })).toBeTruthy();
    }
  });

  it('says what it is for when her besties remember nothing yet', async () => {
    renderSection();
    expect(
      await within(section()).findByText(
        /As you chat, your besties remember the people, places and dates you mention/,
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Forget everything' })).toBeNull();
  });

  it("edits one: the schema's messages under the fields, then her words here and in the outbox", async () => {
    await remembered(EMMA, LISBON);
    renderSection();
    const user = userEvent.setup();
    const edit = await screen.findByRole('button', { name: 'Edit Emma' });
    await user.click(edit);
    const dialog = await screen.findByRole('dialog', { name: 'Edit memory' });
    const subject = within(dialog).getByLabelText("What it's about");
    const detail = within(dialog).getByLabelText('What to remember');
    expect(subject).toHaveProperty('value', 'Emma');
    expect(detail).toHaveProperty('value', 'your best friend');
    expect(within(dialog).getByLabelText('Who remembers it')).toHaveProperty('value', '');

    await user.clear(subject);
    await user.clear(detail);
    await user.type(detail, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(memoryMessages.subjectEmpty)).toBeTruthy();
    expect(within(dialog).getByText(memoryMessages.detailEmpty)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(subject));
    expect(await waitingMutations()).toEqual([]);

    await user.type(subject, 'Emma R.');
    await user.clear(detail);
    await user.type(detail, 'my oldest friend');
    await user.selectOptions(within(dialog).getByLabelText('Who remembers it'), 'Elena');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const row = (await groupNamed('People').findByText('Emma R.')).closest('li')!;
    expect(within(row).getByText('my oldest friend')).toBeTruthy();
    expect(within(row).getByText('Only Elena')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Emma R.' })),
    );
    expect(await waitingMutations()).toEqual([
      {
        id: expect.any(String) as string,
        type: 'saveMemory',
        memory: {
          id: 'emma',
          kind: 'person',
          subject: 'Emma R.',
          detail: 'my oldest friend',
          date: null,
          personaId: 3,
        },
      },
    ]);
  });

  it('forgets one at once, says so, and keeps her place on the next one', async () => {
    await remembered(EMMA, MAYA, LISBON);
    renderSection();
    const user = userEvent.setup();
    await pressForget(user, 'Emma');

    await waitFor(() => expect(screen.queryByText('Emma')).toBeNull());
    expect(await toastArea().findByText('Forgotten')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Forget Maya' }));
    expect(await waitingMutations()).toEqual([
      { id: expect.any(String) as string, type: 'forgetMemory', memoryId: 'emma' },
    ]);
    expect((await db.memories.toArray()).map((memory) => memory.id).sort()).toEqual([
      'lisbon',
      'maya',
    ]);
  });

  it("forgets everything only once she confirms, saying how many and that it can't be undone", async () => {
    await remembered(EMMA, MAYA, LISBON);
    renderSection();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Forget everything' }));
    let dialog = await screen.findByRole('dialog', { name: 'Forget everything?' });
    expect(dialog.textContent).toContain('Your besties will forget all 3 memories listed here.');
    expect(dialog.textContent).toContain("This can't be undone.");

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Emma')).toBeTruthy();
    expect(await waitingMutations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Forget everything' }));
    dialog = await screen.findByRole('dialog', { name: 'Forget everything?' });
    await user.click(within(dialog).getByRole('button', { name: 'Forget everything' }));

    expect(await screen.findByText(/As you chat, your besties remember/)).toBeTruthy();
    expect(await toastArea().findByText('Forgotten')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('heading', { name: 'What your besties remember' }),
      ),
    );
    expect(await db.memories.count()).toBe(0);
    expect(await waitingMutations()).toEqual([
      { id: expect.any(String) as string, type: 'forgetAllMemories' },
    ]);
  });

  it('works offline: read from the device, her changes wait in the outbox and reach the server once she is back', async () => {
    const server = new FakeSyncServer();
    let online = true;
    const sync = createSyncEngine({ transport: server, isOnline: () => online });
    server.keepMemory(EMMA);
    server.keepMemory(LISBON);
    await sync.sync();

    online = false;
    const fetch = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetch);
    renderSection();
    const user = userEvent.setup();
    await pressForget(user, 'Lisbon');
    await user.click(screen.getByRole('button', { name: 'Edit Emma' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit memory' });
    await user.selectOptions(within(dialog).getByLabelText('Who remembers it'), 'Cassie');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Only Cassie')).toBeTruthy();
    await sync.sync();
    expect(fetch).not.toHaveBeenCalled();
    expect(server.received).toEqual([]);
    expect((await waitingMutations()).map((mutation) => mutation.type)).toEqual([
      'forgetMemory',
      'saveMemory',
    ]);

    online = true;
    await sync.sync();
    expect([...server.memories.values()]).toEqual([
      expect.objectContaining({ id: 'emma', personaId: 1 }),
    ]);
    expect(await waitingMutations()).toEqual([]);
    expect(screen.getByText('Only Cassie')).toBeTruthy();
    expect(screen.queryByText('Lisbon')).toBeNull();
    sync.stop();
  });

  it("opens at the section, its heading focused, from the chat's menu (/settings#memories)", async () => {
    const scrolled: Element[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    await remembered(EMMA);
    const { location } = renderSection('/chat/c1');
    const user = userEvent.setup();
    const options = await screen.findByRole('button', { name: 'Chat options' });
    await waitFor(() => expect(options.dataset.state).toBe('closed'));
    await user.click(options);
    await user.click(await screen.findByRole('menuitem', { name: 'What your besties remember' }));

    await waitFor(() => expect(location()).toBe('/settings#memories'));
    const heading = await screen.findByRole('heading', { name: 'What your besties remember' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(scrolled).toContain(section());
    expect(screen.getByText('Emma')).toBeTruthy();
  });

  describe('opened at one memory (/settings#memory-<id>, a search result)', () => {
    let scrolled: Element[];
    let glowed: Element[];

    beforeEach(() => {
      scrolled = [];
      vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
        scrolled.push(this);
      });
      // jsdom has no Web Animations: the glow is recorded instead.
      glowed = [];
      Element.prototype.animate = function animate(this: Element) {
        glowed.push(this);
        return {} as Animation;
      };
    });

    afterEach(() => {
      delete (Element.prototype as Partial<Element>).animate;
    });

    it('brings that memory into view, focused for a screen reader, and makes it glow', async () => {
      await remembered(EMMA, MAYA, LISBON);
      renderSection('/settings#memory-maya');
      const maya = (await screen.findByText('Maya')).closest('li')!;
      await waitFor(() => expect(document.activeElement).toBe(maya));
      expect(maya.id).toBe('memory-maya');
      expect(scrolled).toEqual([maya]);
      expect(glowed).toEqual([maya]);
    });

    it('opens at the section when that memory has been forgotten since', async () => {
      await remembered(EMMA);
      renderSection('/settings#memory-forgotten');
      const heading = await screen.findByRole('heading', { name: 'What your besties remember' });
      await waitFor(() => expect(document.activeElement).toBe(heading));
      expect(scrolled).toEqual([section()]);
      expect(glowed).toEqual([]);
    });
  });
});
