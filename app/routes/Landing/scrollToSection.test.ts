import { afterEach, describe, expect, it, vi } from 'vitest';
import { scrollToSection } from './scrollToSection';

function preferReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({ matches: reduce && query === '(prefers-reduced-motion: reduce)', media: query }) as never,
  );
}

describe('scrollToSection', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  function section() {
    const element = document.createElement('section');
    element.id = 'personas';
    document.body.append(element);
    return vi.spyOn(element, 'scrollIntoView');
  }

  it('scrolls smoothly when she has not asked for less motion', () => {
    preferReducedMotion(false);
    const scroll = section();
    scrollToSection('personas');
    expect(scroll).toHaveBeenCalledWith({ behavior: 'smooth' });
  });

  it('jumps at once when she prefers reduced motion', () => {
    preferReducedMotion(true);
    const scroll = section();
    scrollToSection('personas');
    expect(scroll).toHaveBeenCalledWith({ behavior: 'auto' });
  });
});
