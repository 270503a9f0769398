import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, StrictMode } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as IconTooltipModule from './IconTooltip';
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from './RadixTooltip';
import { stubResizeObserver } from './resizeObserver.fake';

let tooltips: typeof IconTooltipModule;

beforeAll(stubResizeObserver);

afterAll(() => vi.unstubAllGlobals());

beforeEach(async () => {
  // The tooltips load once per page: each test gets a page on which they have not loaded yet.
  vi.resetModules();
  tooltips = await import('./IconTooltip');
  // No frame is drawn: they load when a test says so (but for the test of just that).
  vi.useFakeTimers({ toFake: ['requestAnimationFrame'] });
});

afterEach(() => vi.useRealTimers());

/**
 * Her message box, then an icon-only button: one Tab reaches the box, the next the button. In
 * StrictMode, as the app is: React attaches each ref twice there.
 */
function renderButton() {
  const { IconTooltip } = tooltips;
  render(
    <StrictMode>
      <textarea aria-label="Message" />
      <IconTooltip>
        <button type="button" className="icon-button" aria-label="New chat">
          +
        </button>
      </IconTooltip>
    </StrictMode>,
  );
}

const button = () => screen.getByRole('button', { name: 'New chat' });

async function loaded() {
  await act(() => tooltips.loadTooltips());
}

/** The mouse comes over the button, then moves on it (Radix opens on a move). */
function point(pointerType: 'mouse' | 'touch' = 'mouse') {
  fireEvent.pointerOver(button(), { pointerType });
  fireEvent.pointerMove(button(), { pointerType });
}

async function tabToButton() {
  const user = userEvent.setup();
  await user.tab();
  await user.tab();
  expect(document.activeElement).toBe(button());
}

describe("an icon-only button's tooltip", () => {
  it('shows the button’s name at once when she moves to it with the keyboard', async () => {
    renderButton();
    await loaded();
    await tabToButton();
    expect(screen.getByRole('tooltip').textContent).toBe('New chat');
  });

  it('waits 700 ms under the mouse before it shows', async () => {
    renderButton();
    await loaded();
    vi.useFakeTimers();
    point();
    act(() => vi.advanceTimersByTime(600));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS - 600));
    expect(screen.getByRole('tooltip').textContent).toBe('New chat');
  });

  it('opens at once on the next button within 300 ms of one closing, and waits again after', async () => {
    const { IconTooltip } = tooltips;
    render(
      <>
        {['New chat', 'Settings'].map((name) => (
          <IconTooltip key={name}>
            <button type="button" aria-label={name}>
              *
            </button>
          </IconTooltip>
        ))}
      </>,
    );
    await loaded();
    vi.useFakeTimers();
    const hover = (name: string) => {
      act(() => void fireEvent.pointerOver(screen.getByRole('button', { name })));
      fireEvent.pointerMove(screen.getByRole('button', { name }), { pointerType: 'mouse' });
    };
    const shown = () => screen.queryByRole('tooltip')?.textContent ?? null;
    // Escape shuts it; then the pointer leaves (Radix opens again only after a leave).
    const close = (name: string) => {
      act(() => void fireEvent.keyDown(document.activeElement!, { key: 'Escape' }));
      fireEvent.pointerLeave(screen.getByRole('button', { name }), { pointerType: 'mouse' });
    };

    hover('New chat');
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS));
    expect(shown()).toBe('New chat');
    close('New chat');
    expect(shown()).toBeNull();
    act(() => vi.advanceTimersByTime(TOOLTIP_SKIP_DELAY_MS - 100));
    hover('Settings');
    act(() => vi.advanceTimersByTime(1));
    expect(shown()).toBe('Settings');

    close('Settings');
    act(() => vi.advanceTimersByTime(TOOLTIP_SKIP_DELAY_MS + 100));
    hover('New chat');
    act(() => vi.advanceTimersByTime(600));
    expect(shown()).toBeNull();
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS - 600));
    expect(shown()).toBe('New chat');
  });

  it('keeps the element a tap presses, so the tap is a click (focus by a press swaps nothing)', async () => {
    renderButton();
    await loaded();
    const pressed = button();
    fireEvent.pointerDown(pressed, { pointerType: 'touch' });
    act(() => pressed.focus());
    fireEvent.pointerUp(pressed, { pointerType: 'touch' });
    expect(button()).toBe(pressed);
  });

  it('waits for the click to end when the tooltips arrive during a press', async () => {
    vi.useRealTimers();
    renderButton();
    const plain = button();
    // Pointed at before they are here: wanted, and loading.
    fireEvent.pointerOver(plain, { pointerType: 'mouse' });
    fireEvent.pointerDown(plain, { pointerType: 'mouse' });
    await loaded();
    expect(button()).toBe(plain);
    fireEvent.pointerUp(plain, { pointerType: 'mouse' });
    fireEvent.click(plain);
    expect(button()).toBe(plain);
    // Pointed at before they came, it stays itself while she is on it (its early tooltip's).
    fireEvent.pointerLeave(plain, { pointerType: 'mouse' });
    await waitFor(() => expect(button().dataset.state).toBe('closed'));
  });

  it('shows nothing for a touch, which has no hover', async () => {
    renderButton();
    await loaded();
    vi.useFakeTimers();
    point('touch');
    act(() => vi.advanceTimersByTime(2 * TOOLTIP_DELAY_MS));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows nothing when a script gives the button focus back after a tap', async () => {
    renderButton();
    await loaded();
    fireEvent.pointerDown(document.body, { pointerType: 'touch' });
    act(() => button().focus());
    expect(document.activeElement).toBe(button());
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('leaves the button’s accessible name as it was, shown or not', async () => {
    renderButton();
    const before = button();
    expect(before.getAttribute('aria-label')).toBe('New chat');
    await loaded();
    expect(screen.getAllByRole('button').map((each) => each.getAttribute('aria-label'))).toEqual([
      'New chat',
    ]);
    await tabToButton();
    // Open, the tooltip describes the button; the button's name is still its own.
    const tooltip = screen.getByRole('tooltip');
    expect(button().getAttribute('aria-describedby')).toBe(tooltip.id);
    expect(screen.getAllByRole('button', { name: 'New chat' })).toHaveLength(1);
  });

  it('stays a plain button until she points at it or moves to it (a long list has hundreds)', async () => {
    renderButton();
    await loaded();
    // Radix's trigger has a data-state; the plain button has none.
    expect(button().dataset.state).toBeUndefined();
    act(() => point());
    expect(button().dataset.state).toBe('closed');
  });

  it('gives the button to its own ref, before the tooltips come and after', async () => {
    const { IconTooltip } = tooltips;
    const ref = createRef<HTMLButtonElement>();
    render(
      <IconTooltip>
        <button type="button" ref={ref} aria-label="New chat">
          +
        </button>
      </IconTooltip>,
    );
    expect(ref.current).toBe(button());
    await loaded();
    act(() => point());
    expect(button().dataset.state).toBe('closed');
    expect(ref.current).toBe(button());
  });

  it('keeps her keyboard focus on the button as the tooltip arrives and replaces it', async () => {
    renderButton();
    const plain = button();
    expect(plain.dataset.state).toBeUndefined();
    // Her focus asks for the tooltip, which comes while she is on the button.
    await tabToButton();
    await loaded();
    const trigger = button();
    expect(trigger).not.toBe(plain);
    expect(trigger.dataset.state).toBeDefined();
    expect(document.activeElement).toBe(trigger);
  });
});

describe('an icon-only button pointed at before the tooltips have loaded', () => {
  afterEach(() => vi.doUnmock('./RadixTooltip'));

  /** Radix's chunk is slow to come (a phone's network): it has not arrived in these tests. */
  function chunkNeverArrives() {
    vi.doMock('./RadixTooltip', () => new Promise(() => undefined));
  }

  it('shows its name in a tooltip 700 ms after the mouse came, not before', async () => {
    chunkNeverArrives();
    vi.useFakeTimers();
    renderButton();
    fireEvent.pointerOver(button(), { pointerType: 'mouse' });
    // The early tooltip's own small chunk, asked for as the pointer came.
    await act(() => vi.dynamicImportSettled());
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS - 1));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('tooltip').textContent).toBe('New chat');
  });

  it('hides it when the mouse leaves or presses, and the press is a click', async () => {
    chunkNeverArrives();
    vi.useFakeTimers();
    const clicked = vi.fn();
    renderButton();
    const plain = button();
    plain.addEventListener('click', clicked);
    fireEvent.pointerOver(plain, { pointerType: 'mouse' });
    await act(() => vi.dynamicImportSettled());
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS));
    fireEvent.pointerDown(plain, { pointerType: 'mouse' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.pointerUp(plain, { pointerType: 'mouse' });
    fireEvent.click(plain);
    expect(clicked).toHaveBeenCalledOnce();
    expect(button()).toBe(plain);

    fireEvent.pointerLeave(plain, { pointerType: 'mouse' });
    fireEvent.pointerOver(plain, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS));
    expect(screen.getByRole('tooltip')).toBeTruthy();
    fireEvent.pointerLeave(plain, { pointerType: 'mouse' });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('passing over it shows nothing', () => {
    chunkNeverArrives();
    vi.useFakeTimers();
    renderButton();
    fireEvent.pointerOver(button(), { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(300));
    fireEvent.pointerLeave(button(), { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(2 * TOOLTIP_DELAY_MS));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('still shows at 700 ms when the tooltips arrive during the wait, then Radix takes over', async () => {
    renderButton();
    vi.useFakeTimers();
    fireEvent.pointerOver(button(), { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(300));
    await loaded();
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS - 300));
    expect(screen.getByRole('tooltip').textContent).toBe('New chat');
    fireEvent.pointerLeave(button(), { pointerType: 'mouse' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(button().dataset.state).toBe('closed');
  });

  it('shows nothing for a touch', () => {
    chunkNeverArrives();
    vi.useFakeTimers();
    renderButton();
    fireEvent.pointerOver(button(), { pointerType: 'touch' });
    act(() => vi.advanceTimersByTime(2 * TOOLTIP_DELAY_MS));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
