import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/*
 * The '⋯' button before and as its menu loads. The menu, once loaded, stays loaded for the
 * page (lazyModule): each test takes fresh modules, so each starts with it not loaded.
 */

beforeAll(async () => {
  // The first import of Radix's dropdown is slow under vitest's transform; once done, the
  // button's own import of it answers at once, so a menu fetched too early shows at once.
  await import('./ChatMenu');
});

async function freshModules() {
  vi.resetModules();
  const { ChatMenuButton } = await import('./ChatMenuButton');
  const { useHoldWhileDrawing } = await import('../../components/afterScreen');
  // The fresh copy the menu's module reads its router from.
  const { MemoryRouter } = await import('react-router-dom');
  /** The chat's '⋯' button on a screen that is still drawing her messages, or done. */
  function ChatScreen({ drawing }: { drawing: boolean }) {
    useHoldWhileDrawing(drawing);
    return (
      <MemoryRouter>
        <ChatMenuButton chatId="c1" />
      </MemoryRouter>
    );
  }
  return { ChatScreen };
}

let ChatScreen: Awaited<ReturnType<typeof freshModules>>['ChatScreen'];

beforeEach(async () => {
  ({ ChatScreen } = await freshModules());
});

const button = () => screen.getByRole('button', { name: 'Chat options' });
/** Radix's trigger, once loaded; the stand-in before it carries no data-state. */
async function menuTrigger(): Promise<HTMLElement> {
  await waitFor(() => expect(button().dataset.state).toBe('closed'));
  return button();
}
const someFrames = () => new Promise((resolve) => setTimeout(resolve, 300));

describe("the chat's '⋯' button", () => {
  it('fetches its menu only once her messages are drawn, with the other deferred chunks', async () => {
    const { rerender } = render(<ChatScreen drawing />);
    await someFrames();
    expect(button().dataset.state).toBeUndefined();

    rerender(<ChatScreen drawing={false} />);
    expect(await menuTrigger()).toBeTruthy();
  });

  it('is the same button once its menu loads, focus and all', async () => {
    render(<ChatScreen drawing={false} />);
    const standIn = button();
    expect(standIn.dataset.state).toBeUndefined();
    standIn.focus();
    // Radix's trigger replaces the stand-in, and takes its focus.
    const trigger = await menuTrigger();
    expect(trigger).not.toBe(standIn);
    expect(document.activeElement).toBe(trigger);
    await userEvent.setup().keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'Export as Markdown' })).toBe(
      document.activeElement,
    );
  });

  it('a tap before its menu has loaded opens it when it arrives', async () => {
    render(<ChatScreen drawing />);
    const standIn = button();
    fireEvent.pointerDown(standIn);
    fireEvent.click(standIn, { detail: 1 });
    expect(await screen.findByRole('menuitem', { name: 'Export as Markdown' })).toBeTruthy();
    expect(standIn.isConnected).toBe(false);
  });

  it('Enter on it before its menu has loaded opens it on its first item', async () => {
    render(<ChatScreen drawing />);
    const standIn = button();
    standIn.focus();
    fireEvent.click(standIn, { detail: 0 });
    const item = await screen.findByRole('menuitem', { name: 'Export as Markdown' });
    await waitFor(() => expect(document.activeElement).toBe(item));
  });
});
