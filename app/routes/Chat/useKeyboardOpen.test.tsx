import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useKeyboardOpen } from './useKeyboardOpen';

/** A phone's visible viewport, which an on-screen keyboard shortens. */
class FakeViewport extends EventTarget {
  height = 844;
  resize(height: number) {
    this.height = height;
    this.dispatchEvent(new Event('resize'));
  }
}

function Footer({ autoFocus = false }: { autoFocus?: boolean }) {
  const keyboardOpen = useKeyboardOpen();
  return (
    <>
      <textarea aria-label="Message" autoFocus={autoFocus} />
      <button type="button">Send</button>
      <p hidden={keyboardOpen}>Privacy Policy</p>
    </>
  );
}

let viewport: FakeViewport;
beforeEach(() => {
  viewport = new FakeViewport();
  Object.defineProperty(window, 'visualViewport', { value: viewport, configurable: true });
});
afterEach(() => {
  Reflect.deleteProperty(window, 'visualViewport');
});

const footer = () => screen.getByText('Privacy Policy');

describe('the phone chat footer and the keyboard', () => {
  it('stays while the message box merely has focus', () => {
    render(<Footer />);
    act(() => screen.getByLabelText('Message').focus());
    expect(footer().hidden).toBe(false);
  });

  it('gives its room to the keyboard while it is open, and comes back when it closes', () => {
    render(<Footer />);
    act(() => screen.getByLabelText('Message').focus());
    act(() => viewport.resize(500));
    expect(footer().hidden).toBe(true);
    act(() => viewport.resize(844));
    expect(footer().hidden).toBe(false);
  });

  it('comes back when she leaves the box, even before the keyboard has gone', () => {
    render(<Footer />);
    act(() => screen.getByLabelText('Message').focus());
    act(() => viewport.resize(500));
    act(() => screen.getByRole('button', { name: 'Send' }).focus());
    expect(footer().hidden).toBe(false);
  });

  it('knows the full height from its first frame: a box focused before the keyboard opens', async () => {
    // Focused as the chat opens, before anything listens; then the first frame is drawn.
    render(<Footer autoFocus />);
    expect(document.activeElement).toBe(screen.getByLabelText('Message'));
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    act(() => viewport.resize(500));
    expect(footer().hidden).toBe(true);
  });

  it('ignores a small change of height (the browser bar hiding)', () => {
    render(<Footer />);
    act(() => screen.getByLabelText('Message').focus());
    act(() => viewport.resize(780));
    expect(footer().hidden).toBe(false);
  });
});
