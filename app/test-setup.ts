import 'fake-indexeddb/auto';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// jsdom has no layout: scrolling is a no-op rather than a "not implemented" error.
window.scrollTo = () => {};
Element.prototype.scrollIntoView = () => {};
// jsdom lacks pointer capture, which Radix calls on pointer events.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.setPointerCapture ??= () => {};
Element.prototype.releasePointerCapture ??= () => {};
