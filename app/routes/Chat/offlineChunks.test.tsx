import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { clearLocalData } from '../../db/chats';
import { fakeSyncApi } from '../../sync/api.fake';
import { givenUser, renderApp } from '../../test-utils';

// Offline in the first seconds of a first visit: the login forms' chunk cannot be fetched.
vi.mock('../../components/LoginModal', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

beforeEach(async () => {
  await clearLocalData();
  fakeSyncApi();
});

afterEach(() => vi.unstubAllGlobals());

it("keeps a visitor's chat on screen, and her words in the box, when the login forms cannot load yet", async () => {
  givenUser(null);
  renderApp('/chat?bestie=cassie');
  const box = await screen.findByPlaceholderText<HTMLTextAreaElement>('Message your bestie...');
  await userEvent.type(box, 'is it ok to text him first?{Enter}');
  // Long enough for the failed fetch to have been tried.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(screen.getByRole('log', { name: 'Messages' })).toBeTruthy();
  expect(screen.getByPlaceholderText<HTMLTextAreaElement>('Message your bestie...').value).toBe(
    'is it ok to text him first?',
  );
});
