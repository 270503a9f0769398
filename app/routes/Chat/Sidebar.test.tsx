import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '@shared/user';
import { clearLocalData, toLocalChat } from '../../db/chats';
import { db } from '../../db/db';
import { aChat } from '../../db/testData';
import { USER } from '../../test-utils';
import type * as chatDate from './chatDate';
import { chatDateLabel } from './chatDate';
import { Sidebar } from './Sidebar';

// Each row draws its date with this: its calls count the rows drawn.
vi.mock('./chatDate', async (original) => {
  const actual = await original<typeof chatDate>();
  return { ...actual, chatDateLabel: vi.fn(actual.chatDateLabel) };
});

function renderSidebar(user: PublicUser) {
  const view = render(
    <MemoryRouter>
      <Sidebar user={user} openChatId={undefined} onNewChat={() => {}} onNavigate={() => {}} />
    </MemoryRouter>,
  );
  const footer = () => view.container.querySelector<HTMLElement>('.sidebar__user')!;
  return { footer };
}

beforeEach(() => clearLocalData());

describe('the sidebar user footer', () => {
  it('shows her name with her picture beside it (decorative: the name says who)', () => {
    const { footer } = renderSidebar({
      ...USER,
      name: 'Ana',
      profileImage: '/api/user/profile-image/p1',
    });
    expect(footer().textContent).toContain('Ana');
    const picture = footer().querySelector('img')!;
    expect(picture.getAttribute('src')).toBe('/api/user/profile-image/p1');
    expect(picture.getAttribute('alt')).toBe('');
  });

  it('falls back to the part of her email before the at-sign, and its initial', () => {
    const { footer } = renderSidebar(USER);
    expect(screen.getByText('cassie.fan')).toBeTruthy();
    expect(footer().querySelector('img')).toBeNull();
    expect(footer().querySelector('.avatar--fallback')?.textContent).toBe('C');
  });
});

describe('her chat history', () => {
  it('draws a row again only when what it shows changes, not each time a chat is stored anew', async () => {
    const chats = Array.from({ length: 30 }, (_, i) =>
      aChat({
        id: `c${i}`,
        title: `Chat ${i}`,
        updatedAt: `2026-11-${10 + (i % 10)}T08:00:00.000Z`,
      }),
    );
    const store = (rows: typeof chats) => db.chats.bulkPut(rows.map(toLocalChat));
    await store(chats);
    renderSidebar(USER);
    expect(await screen.findByText('Chat 29')).toBeTruthy();
    const drawn = vi.mocked(chatDateLabel);
    drawn.mockClear();
    // A page of a first sync brings every chat again, unchanged, as new objects.
    await store(chats.map((chat) => ({ ...chat })));
    await store([{ ...chats[3]!, title: 'Renamed' }]);
    expect(await screen.findByText('Renamed')).toBeTruthy();
    expect(drawn).toHaveBeenCalledTimes(1);
  });
});
