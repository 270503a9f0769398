import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearLocalData } from '../../db/chats';
import { aMemory } from '../../db/memoryTestData';
import { savePulledPage } from '../../db/serverRows';
import { aChat, aMessage } from '../../db/testData';
import { USER } from '../../test-utils';
import { Sidebar } from './Sidebar';

const FIELD = { name: 'Search your chats and memories' };

function Opened() {
  const { pathname, hash } = useLocation();
  return <p data-testid="opened">{pathname + hash}</p>;
}

function renderSidebar(onNavigate = vi.fn()) {
  render(
    <MemoryRouter initialEntries={['/chat']}>
      <Routes>
        <Route
          path="/chat/*"
          element={
            <>
              <Sidebar
                user={USER}
                openChatId={undefined}
                onNewChat={() => {}}
                onNavigate={onNavigate}
              />
              <Opened />
            </>
          }
        />
        <Route path="/settings" element={<Opened />} />
      </Routes>
    </MemoryRouter>,
  );
  return { onNavigate };
}

const results = () => screen.getByRole('region', { name: 'Search results' });
const links = () => within(results()).getAllByRole('link');
const opened = () => screen.getByTestId('opened').textContent;

beforeEach(async () => {
  await clearLocalData();
  await savePulledPage({
    chats: [
      aChat({ id: 'c1', title: 'The anniversary' }),
      aChat({ id: 'c2', title: 'Exam week', updatedAt: '2026-11-24T10:00:00.000Z' }),
    ],
    messages: [
      aMessage({ id: 'm1', chatId: 'c1', seq: 1, message: 'my boyfriend forgot our anniversary' }),
      aMessage({
        id: 'm2',
        chatId: 'c1',
        seq: 2,
        isUser: false,
        message: 'Oh babe, that hurts. Did you tell your boyfriend how it felt?',
      }),
      aMessage({ id: 'm3', chatId: 'c2', seq: 1, message: 'chemistry exam tomorrow' }),
    ],
    tombstones: [],
    cursor: 1,
    hasMore: false,
  });
});

describe('searching her chats from the sidebar', () => {
  it('shows what matches as she types, the words marked, each with its chat and who said it', async () => {
    const user = userEvent.setup();
    renderSidebar();
    await user.type(await screen.findByRole('searchbox', FIELD), 'boyf');
    await waitFor(() => expect(links()).toHaveLength(2));
    const [first] = links();
    expect(first?.textContent).toContain('The anniversary');
    expect(within(results()).getAllByText('boyfriend', { selector: 'mark' })).toHaveLength(2);
    expect(within(results()).getByText('Cassie:')).toBeTruthy();
    expect(within(results()).getByText('You:')).toBeTruthy();
    expect(screen.getByText('2 matches')).toBeTruthy();
    expect(within(results()).getByRole('list', { name: 'Messages' })).toBeTruthy();
    expect(within(results()).queryByRole('list', { name: 'Chats' })).toBeNull();
    // Heard once she stops typing, not at every keystroke.
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('2 matches'));
  });

  it('opens the chat at the message she chose, by keyboard', async () => {
    const user = userEvent.setup();
    const { onNavigate } = renderSidebar();
    const field = await screen.findByRole('searchbox', FIELD);
    await user.type(field, 'chem');
    await waitFor(() => expect(links()).toHaveLength(1));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(links()[0]);
    await user.keyboard('{Enter}');
    expect(opened()).toBe('/chat/c2#m-m3');
    expect(onNavigate).toHaveBeenCalled();
  });

  it('goes through the results with the arrow keys and back to the field', async () => {
    const user = userEvent.setup();
    renderSidebar();
    const field = await screen.findByRole('searchbox', FIELD);
    await user.type(field, 'anniv');
    await waitFor(() => expect(links()).toHaveLength(2));
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement).toBe(links()[1]);
    await user.keyboard('{ArrowDown}{ArrowUp}');
    expect(document.activeElement).toBe(links()[0]);
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(field);
  });

  it('opens a chat found by its title at its newest', async () => {
    const user = userEvent.setup();
    renderSidebar();
    await user.type(await screen.findByRole('searchbox', FIELD), 'week');
    await waitFor(() => expect(links()).toHaveLength(1));
    expect(within(results()).getByText('week', { selector: 'mark' })).toBeTruthy();
    await user.click(links()[0]!);
    expect(opened()).toBe('/chat/c2');
  });

  it('clears the search on Escape and gives the field its focus back', async () => {
    const user = userEvent.setup();
    renderSidebar();
    const field = await screen.findByRole('searchbox', FIELD);
    await user.type(field, 'anniv');
    await waitFor(() => expect(links()).toHaveLength(2));
    await user.keyboard('{ArrowDown}{Escape}');
    expect(field).toHaveProperty('value', '');
    expect(document.activeElement).toBe(field);
    expect(screen.queryByRole('region', { name: 'Search results' })).toBeNull();
  });

  it('says so when nothing matches, and asks for more than one letter', async () => {
    const user = userEvent.setup();
    renderSidebar();
    const field = await screen.findByRole('searchbox', FIELD);
    await user.type(field, 'zebra');
    expect(await screen.findByText('No matches for “zebra”')).toBeTruthy();
    await user.clear(field);
    await user.type(field, 'b');
    expect(screen.getByText('Keep typing to search your chats…')).toBeTruthy();
  });

  it('keeps what she typed before search had loaded', async () => {
    renderSidebar();
    const field = await screen.findByRole<HTMLInputElement>('searchbox', FIELD);
    // Her words are in the field before the search code (asked for as she focuses it) is in.
    field.focus();
    field.value = 'exam';
    await waitFor(() => expect(links()).toHaveLength(2));
  });
});

describe('searching her memories from the sidebar', () => {
  const ANNIVERSARY = aMemory({
    id: 'anniversary',
    kind: 'event',
    subject: 'your anniversary',
    detail: 'with Jake, on March 3rd',
    personaId: 2,
  });

  beforeEach(async () => {
    await savePulledPage({
      chats: [],
      messages: [],
      tombstones: [],
      memories: [aMemory({ id: 'emma' }), ANNIVERSARY],
      cursor: 2,
      hasMore: false,
    });
  });

  it('shows a memory as one, between her chats and her messages, with who remembers it', async () => {
    const user = userEvent.setup();
    renderSidebar();
    await user.type(await screen.findByRole('searchbox', FIELD), 'anniv');
    await waitFor(() => expect(links()).toHaveLength(3));
    expect(
      within(results())
        .getAllByRole('heading')
        .map((heading) => heading.textContent),
    ).toEqual(['Chats', 'Memories', 'Messages']);
    const memories = within(results()).getByRole('list', { name: 'Memories' });
    const memory = within(memories).getByRole('link', {
      name: 'Memory of your anniversary: with Jake, on March 3rd. Only Brooke remembers it.',
    });
    expect(within(memory).getByText('Memory')).toBeTruthy();
    expect(within(memory).getByText('anniversary', { selector: 'mark' })).toBeTruthy();
    expect(within(memory).getByText('Only Brooke')).toBeTruthy();
  });

  it('opens the memory she chose in Settings, by keyboard', async () => {
    const user = userEvent.setup();
    const { onNavigate } = renderSidebar();
    await user.type(await screen.findByRole('searchbox', FIELD), 'emm');
    await waitFor(() => expect(links()).toHaveLength(1));
    const memory = within(results()).getByRole('link', {
      name: 'Memory of Emma: your best friend. All your besties remember it.',
    });
    expect(within(memory).getByText('All your besties')).toBeTruthy();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(memory);
    await user.keyboard('{Enter}');
    expect(opened()).toBe('/settings#memory-emma');
    expect(onNavigate).toHaveBeenCalled();
  });
});
