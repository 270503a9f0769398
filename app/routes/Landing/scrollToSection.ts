/** Scrolls smoothly to a section of the landing page (instantly when motion is reduced). */
export function scrollToSection(id: string): void {
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  document.getElementById(id)?.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth' });
}

export const PERSONAS_SECTION = 'personas';
export const PLANS_SECTION = 'plans';
