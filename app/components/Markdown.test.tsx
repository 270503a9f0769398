import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from './Markdown';

describe('light markdown in replies', () => {
  it('renders bold, italic, line breaks and bullet lists', () => {
    const { container } = render(
      <Markdown text={'**You** are *enough*.\nTruly.\n\n- rest\n- water'} />,
    );
    expect(container.querySelector('strong')?.textContent).toBe('You');
    expect(container.querySelector('em')?.textContent).toBe('enough');
    expect(container.querySelectorAll('br')).toHaveLength(1);
    expect([...container.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'rest',
      'water',
    ]);
  });

  it('never interprets HTML from a reply', () => {
    const { container } = render(<Markdown text={'<img src=x onerror=alert(1)> <b>hi</b>'} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror=alert(1)>');
  });
});
