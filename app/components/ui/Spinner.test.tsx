import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render } from '@testing-library/react';
import { expect, it } from 'vitest';
import { Spinner } from './Spinner';

/** The markup as the browser reads it, whitespace between tags aside. */
function normalised(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html.replace(/>\s+</g, '><').trim();
  return template.innerHTML;
}

it('index.html paints the same loading screen React then draws, before any script has come', () => {
  const html = readFileSync(path.resolve(import.meta.dirname, '../../index.html'), 'utf8');
  const root = new DOMParser().parseFromString(html, 'text/html').getElementById('root');
  const { container } = render(<Spinner fullScreen />);
  expect(normalised(root?.innerHTML ?? '')).toBe(normalised(container.innerHTML));
  // Drawn as SVG: a first contentful paint (a bordered box is not one).
  expect(root?.querySelector('[role="status"][aria-label="Loading"] svg circle')).not.toBeNull();
});
