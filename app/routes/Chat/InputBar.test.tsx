import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FOCUS_DELAY_MS, InputBar } from './InputBar';

function Harness({ onSend }: { onSend: (text: string) => void }) {
  const [value, setValue] = useState('');
  return <InputBar value={value} onChange={setValue} onSend={onSend} onImage={() => {}} />;
}

function box() {
  return screen.getByPlaceholderText('Message your bestie...') as HTMLTextAreaElement;
}

afterEach(() => vi.useRealTimers());

describe('the message box', () => {
  it('sends on Enter', async () => {
    const onSend = vi.fn();
    render(<Harness onSend={onSend} />);
    await userEvent.type(box(), 'he cheated{Enter}');
    expect(onSend).toHaveBeenCalledWith('he cheated');
  });

  it('adds a line on Shift+Enter instead of sending', async () => {
    const onSend = vi.fn();
    render(<Harness onSend={onSend} />);
    await userEvent.type(box(), 'one{Shift>}{Enter}{/Shift}two');
    expect(onSend).not.toHaveBeenCalled();
    expect(box().value).toBe('one\ntwo');
  });

  it('cannot send empty or whitespace-only text', async () => {
    const onSend = vi.fn();
    render(<Harness onSend={onSend} />);
    const spill = screen.getByRole('button', { name: 'Spill' });
    expect((spill as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(box(), '   {Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect((spill as HTMLButtonElement).disabled).toBe(true);
  });

  it('cannot send text of zero-width characters only', async () => {
    const onSend = vi.fn();
    render(<Harness onSend={onSend} />);
    const spill = screen.getByRole('button', { name: 'Spill' }) as HTMLButtonElement;
    fireEvent.change(box(), { target: { value: '\u200B\u200C\u200D\u2060\uFEFF ' } });
    expect(spill.disabled).toBe(true);
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
  });

  it('sends with the Spill button', async () => {
    const onSend = vi.fn();
    render(<Harness onSend={onSend} />);
    await userEvent.type(box(), 'hi');
    await userEvent.click(screen.getByRole('button', { name: 'Spill' }));
    expect(onSend).toHaveBeenCalledWith('hi');
  });

  it('takes focus 100 ms after it appears', () => {
    vi.useFakeTimers();
    render(<Harness onSend={() => {}} />);
    act(() => vi.advanceTimersByTime(FOCUS_DELAY_MS - 1));
    expect(document.activeElement).not.toBe(box());
    act(() => vi.advanceTimersByTime(1));
    expect(document.activeElement).toBe(box());
  });

  it('leaves her focus in the messages if she went there within those 100 ms', () => {
    vi.useFakeTimers();
    render(
      <>
        <div role="log" aria-label="Messages">
          <button type="button">Retry</button>
        </div>
        <Harness onSend={() => {}} />
      </>,
    );
    act(() => vi.advanceTimersByTime(FOCUS_DELAY_MS / 2));
    screen.getByRole('button', { name: 'Retry' }).focus();
    act(() => vi.advanceTimersByTime(FOCUS_DELAY_MS));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Retry' }));
  });

  it('takes it from a button outside the messages (the one that opened this new chat)', () => {
    vi.useFakeTimers();
    render(
      <>
        <button type="button">New Chat</button>
        <Harness onSend={() => {}} />
      </>,
    );
    screen.getByRole('button', { name: 'New Chat' }).focus();
    act(() => vi.advanceTimersByTime(FOCUS_DELAY_MS));
    expect(document.activeElement).toBe(box());
  });

  it('shows a counter near the length limit', () => {
    render(<Harness onSend={() => {}} />);
    fireEvent.change(box(), { target: { value: 'x'.repeat(3900) } });
    expect(screen.getByText('3900/4000')).toBeTruthy();
  });
});
