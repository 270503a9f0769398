import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readCrisis } from '@shared/safety/crisis';
import { useCrisisReadingWarm, warmCrisisReading } from './crisisWarmUp';

describe('warming the crisis reading up', () => {
  it('compiles the patterns in slices, giving the page its turn between them, once', async () => {
    let turns = 0;
    let warmed = false;
    const done = warmCrisisReading().then(() => {
      warmed = true;
    });
    // Tasks the page queues meanwhile (a tap, a frame) run before the warm-up is over.
    const tick = () =>
      setTimeout(() => {
        if (warmed) return;
        turns += 1;
        tick();
      });
    tick();
    expect(warmCrisisReading()).toBe(warmCrisisReading());
    await done;
    expect(turns).toBeGreaterThan(1);
    // Warming reads nothing into later readings.
    expect(readCrisis('i want to kill myself').crisis).toBe(true);
    expect(readCrisis('this exam is killing me lol').crisis).toBe(false);
  });

  it('tells the screen once the reading is warm', async () => {
    const { result, rerender } = renderHook(({ start }) => useCrisisReadingWarm(start), {
      initialProps: { start: false },
    });
    rerender({ start: true });
    await waitFor(() => expect(result.current).toBe(true), { timeout: 5000 });
  });
});
