import { useEffect, useState } from 'react';

/** How much of the screen an on-screen keyboard takes at least (a phone's is 250 px or more). */
const KEYBOARD_MIN_HEIGHT = 150;

const isEditable = (element: Element | null) =>
  element instanceof HTMLTextAreaElement ||
  element instanceof HTMLInputElement ||
  (element instanceof HTMLElement && element.isContentEditable);

/**
 * Whether a phone's on-screen keyboard is open: she is typing in a field and the visible part
 * of the page is well short of its full height. A focused box alone is not enough: the chat
 * focuses its message box on opening, before she has asked for the keyboard (and a desktop
 * never shows one). The full height is the tallest seen at this width, so turning the phone
 * starts again.
 */
export function useKeyboardOpen(): boolean {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const viewport = window.visualViewport;
    const height = () => viewport?.height ?? window.innerHeight;
    let width: number | null = null;
    let fullHeight = 0;
    const measure = () => {
      width = window.innerWidth;
      fullHeight = height();
    };
    // Read on the next frame, not now: the viewport's size read right after the screen is
    // drawn makes the browser lay the new screen out at once, inside this task (a costly
    // layout on the chat's first draw), rather than in the frame it was going to draw anyway.
    const firstFrame = requestAnimationFrame(() => {
      if (width === null) measure();
    });
    function update() {
      if (window.innerWidth !== width) measure();
      fullHeight = Math.max(fullHeight, height());
      const editing = isEditable(document.activeElement);
      setOpen(editing && fullHeight - height() >= KEYBOARD_MIN_HEIGHT);
    }
    const targets: EventTarget[] = viewport ? [viewport, window] : [window];
    for (const target of targets) target.addEventListener('resize', update);
    document.addEventListener('focusin', update);
    document.addEventListener('focusout', update);
    return () => {
      cancelAnimationFrame(firstFrame);
      for (const target of targets) target.removeEventListener('resize', update);
      document.removeEventListener('focusin', update);
      document.removeEventListener('focusout', update);
    };
  }, []);
  return open;
}
