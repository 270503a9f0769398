import { describe, expect, it } from 'vitest';
import { snippetOf, type SnippetPart } from './snippet';

/** The snippet as text, each marked word in [brackets]. */
const shown = (parts: SnippetPart[]) =>
  parts.map((part) => (part.marked ? `[${part.text}]` : part.text)).join('');

describe('the snippet of a result', () => {
  it('marks every word she searched for, whatever its case or accents', () => {
    expect(shown(snippetOf('Café with Jake, then JAKE called', ['jake', 'cafe']))).toBe(
      '[Café] with [Jake], then [JAKE] called',
    );
  });

  it('marks whole words only', () => {
    expect(shown(snippetOf('Jakes and jake', ['jake']))).toBe('Jakes and [jake]');
  });

  it('starts a little before a match far into a long message', () => {
    const text = `${'so much happened today and I cannot even begin to explain it all '.repeat(3)}then Jake called`;
    const snippet = shown(snippetOf(text, ['jake']));
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet).toContain('then [Jake] called');
    expect(snippet.length).toBeLessThan(80);
  });

  it('shows the words as they read, without Markdown marks or line breaks', () => {
    expect(shown(snippetOf('**Oh babe.**\n- Take a breath\n- Text him', ['breath']))).toBe(
      'Oh babe. Take a [breath] Text him',
    );
  });

  it('cuts a very long message short after the match', () => {
    const snippet = shown(snippetOf(`Jake ${'blah '.repeat(100)}`, ['jake']));
    expect(snippet.startsWith('[Jake] blah')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet.length).toBeLessThan(220);
  });
});
