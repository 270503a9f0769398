import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadTooltips } from '../../components/ui/IconTooltip';
import { TOOLTIP_DELAY_MS } from '../../components/ui/RadixTooltip';
import { clearLocalData, toLocalChat } from '../../db/chats';
import { db } from '../../db/db';
import { aChat } from '../../db/testData';
import { USER } from '../../test-utils';
import { ChatHeader } from './ChatHeader';
import { InputBar } from './InputBar';
import { MobileTopBar } from './MobileTopBar';
import { Sidebar } from './Sidebar';
import { stubResizeObserver } from '../../components/ui/resizeObserver.fake';

const CHAT = aChat({ id: 'c1', title: 'Boy trouble' });

/** Every icon-only control of the chat screen, by role and the name tests find it by. */
const ICON_CONTROLS = [
  { role: 'button', name: 'Open menu', count: 1 },
  // The phone's top bar and the chat's header each have one.
  { role: 'button', name: 'New chat', count: 2 },
  { role: 'button', name: 'Delete chat', count: 1 },
  { role: 'link', name: 'Settings', count: 1 },
  { role: 'button', name: 'Chat options', count: 1 },
  { role: 'button', name: 'Upload screenshot', count: 1 },
] as const;

beforeAll(async () => {
  // The '⋯' menu loads after the chat paints (ChatMenuButton); the first import of Radix's
  // dropdown is slow under vitest's transform, which these tests are not about.
  await import('./ChatMenu');
  stubResizeObserver();
});

afterAll(() => vi.unstubAllGlobals());

beforeEach(async () => {
  await clearLocalData();
  await db.chats.put(toLocalChat(CHAT));
});

afterEach(() => vi.useRealTimers());

/** The parts of the chat screen that hold icon-only controls, with one chat in her list. */
async function renderChatScreen() {
  render(
    <MemoryRouter>
      <MobileTopBar onMenu={() => {}} onNewChat={() => {}} />
      <Sidebar user={USER} openChatId="c1" onNewChat={() => {}} onNavigate={() => {}} />
      <ChatHeader persona={CHAT.persona} chatId="c1" onNewChat={() => {}} />
      <InputBar value="" onChange={() => {}} onSend={() => {}} onImage={() => {}} />
    </MemoryRouter>,
  );
  expect(await screen.findByText('Boy trouble')).toBeTruthy();
}

/** How many controls answer to each name, in ICON_CONTROLS' order. */
function namesFound() {
  return ICON_CONTROLS.map(({ role, name }) => screen.queryAllByRole(role, { name }).length);
}

describe('the icon-only controls of the chat screen', () => {
  it('each show their name as a tooltip, and keep that name exactly', async () => {
    await renderChatScreen();
    const counts = ICON_CONTROLS.map(({ count }) => count);
    expect(namesFound()).toEqual(counts);

    await act(() => loadTooltips());
    // The '⋯' menu's trigger, with its tooltip, replaces its stand-in (ChatMenuButton).
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Chat options' }).dataset.state).toBe('closed'),
    );
    expect(namesFound()).toEqual(counts);

    // Under the mouse. (Keyboard focus is IconTooltip.test's: as Tab goes from one button to
    // the next, jsdom's :focus-visible drops it, which no browser does.)
    vi.useFakeTimers();
    for (const { role, name, count } of ICON_CONTROLS) {
      for (let index = 0; index < count; index += 1) {
        // Pointed at, a plain button becomes the tooltip's trigger (the same name, a new node).
        act(() => void fireEvent.pointerOver(screen.getAllByRole(role, { name })[index]!));
        const trigger = screen.getAllByRole(role, { name })[index]!;
        fireEvent.pointerMove(trigger, { pointerType: 'mouse' });
        act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS));
        // One at a time: a tooltip opening closes the one before.
        const tooltip = screen.getByRole('tooltip');
        expect(tooltip.textContent).toBe(name);
        expect(trigger.getAttribute('aria-describedby')).toBe(tooltip.id);
      }
    }
    expect(namesFound()).toEqual(counts);
  });

  it('have no native title beside the tooltip (two labels would show on hover)', async () => {
    await renderChatScreen();
    for (const { role, name } of ICON_CONTROLS) {
      for (const control of screen.getAllByRole(role, { name })) {
        expect(control.hasAttribute('title')).toBe(false);
      }
    }
  });
});
