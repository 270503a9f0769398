import { expect, it } from 'vitest';
import { useSyncStore } from './useSyncStore';

it('says offline as soon as the browser does, before any sync engine has started', () => {
  // The engine loads after the first screen; offline before then, she is told so all the same.
  useSyncStore.setState({ status: 'idle' });
  window.dispatchEvent(new Event('offline'));
  expect(useSyncStore.getState().status).toBe('offline');
});
