import { useRef } from 'react';

/** Scrolls smoothly to a section of the landing page (instantly when motion is reduced). */
export function scrollToSection(id: string): void {
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  document.getElementById(id)?.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth' });
}

export const PERSONAS_SECTION = 'personas';
export const PLANS_SECTION = 'plans';

/**
 * A dialog's way to a section of the page: `closeThenScroll` closes it and, once it has let go
 * of the page (its focus handed back, `onCloseAutoFocus` on its content), scrolls there.
 */
export function useScrollAfterClose(section: string) {
  const pending = useRef(false);
  return {
    onCloseAutoFocus(event: Event) {
      if (!pending.current) return;
      pending.current = false;
      event.preventDefault();
      scrollToSection(section);
    },
    closeThenScroll(close: () => void) {
      pending.current = true;
      close();
    },
  };
}
