import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PublicUser } from '@shared/user';
import { clearLocalData } from '../../db/chats';
import { USER } from '../../test-utils';
import { Sidebar } from './Sidebar';

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
