import { renderHook, waitFor } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { READING_WAIT_MS, UNSURE_READER, useCrisisReader } from './crisisWarmUp';
import { letReadingArrive } from './crisisReadingGate';

/*
 * The reading cannot be had for now (offline in the first seconds of a first visit, before the
 * app is cached): here it comes only when the test says.
 */
vi.mock('@shared/safety/crisis', async (importOriginal) => {
  const { arrived } = await import('./crisisReadingGate');
  await arrived;
  return importOriginal();
});

it('stops waiting for a reading that does not come: when unsure, every waiting message gets help', async () => {
  const { result } = renderHook(() => useCrisisReader());
  expect(result.current).toBeNull();
  await waitFor(() => expect(result.current).toBe(UNSURE_READER), {
    timeout: READING_WAIT_MS + 2000,
  });
  expect(result.current?.readCrisis('see you tomorrow').crisis).toBe(true);

  // Once it comes, the real reading takes over.
  letReadingArrive();
  await waitFor(() => expect(result.current?.readCrisis('see you tomorrow').crisis).toBe(false));
  expect(result.current?.readCrisis('i want to kill myself').crisis).toBe(true);
});
