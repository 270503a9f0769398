import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  afterScreenDrawn,
  firstScreenIn,
  holdForFirstScreen,
  useHoldWhileDrawing,
} from './afterScreen';

const paint = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('work that waits for the screen to be drawn', () => {
  it('runs after the next paint when no screen holds it, and not at all once cancelled', async () => {
    const done: string[] = [];
    afterScreenDrawn(() => done.push('dialogs'));
    const cancel = afterScreenDrawn(() => done.push('cancelled'));
    cancel();
    expect(done).toEqual([]);
    await paint();
    expect(done).toEqual(['dialogs']);
  });

  it('waits while a screen is still drawing (a fresh device waiting for its chat), then runs', async () => {
    const done: string[] = [];
    const { rerender, unmount } = renderHook(({ drawing }) => useHoldWhileDrawing(drawing), {
      initialProps: { drawing: true },
    });
    afterScreenDrawn(() => done.push('tooltips'));
    await paint();
    await paint();
    expect(done).toEqual([]);
    rerender({ drawing: false });
    await paint();
    expect(done).toEqual(['tooltips']);
    unmount();
  });

  it('waits for the first screen, then for that screen to be drawn, with no gap between', async () => {
    const done: string[] = [];
    holdForFirstScreen();
    afterScreenDrawn(() => done.push('toasts'));
    await paint();
    expect(done).toEqual([]);
    // The chat mounts, still waiting for its messages, in the commit that brings the first screen.
    const { rerender, unmount } = renderHook(({ drawing }) => useHoldWhileDrawing(drawing), {
      initialProps: { drawing: true },
    });
    firstScreenIn();
    await paint();
    expect(done).toEqual([]);
    rerender({ drawing: false });
    await paint();
    expect(done).toEqual(['toasts']);
    unmount();
  });

  it('runs the work it held back one task each, never all in one long task', async () => {
    const done: string[] = [];
    let doneWhenTheFirstTaskEnded: string[] = [];
    const { rerender, unmount } = renderHook(({ drawing }) => useHoldWhileDrawing(drawing), {
      initialProps: { drawing: true },
    });
    afterScreenDrawn(() => {
      done.push('dialogs');
      // Runs once the task that ran this work is over.
      void Promise.resolve().then(() => (doneWhenTheFirstTaskEnded = [...done]));
    });
    afterScreenDrawn(() => done.push('menu'));
    await paint();
    rerender({ drawing: false });
    await paint();
    expect(done).toEqual(['dialogs', 'menu']);
    expect(doneWhenTheFirstTaskEnded).toEqual(['dialogs']);
    unmount();
  });

  it('holds nothing back for more than 5 s, whatever the screen does', async () => {
    vi.useFakeTimers();
    try {
      const done: string[] = [];
      const { unmount } = renderHook(() => useHoldWhileDrawing(true));
      afterScreenDrawn(() => done.push('menu'));
      await vi.advanceTimersByTimeAsync(4000);
      expect(done).toEqual([]);
      await vi.advanceTimersByTimeAsync(1100);
      expect(done).toEqual(['menu']);
      unmount();
    } finally {
      vi.useRealTimers();
    }
  });
});
