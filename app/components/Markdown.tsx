import type { ReactNode } from 'react';

/**
 * Light markdown for replies: **bold**, *italic*, line breaks and "- " or "* " bullet lists.
 * Everything becomes React text nodes; no HTML from a reply is ever interpreted.
 */
export function Markdown({ text }: { text: string }) {
  return <>{blocksOf(text).map(renderBlock)}</>;
}

type Block = { kind: 'paragraph'; lines: string[] } | { kind: 'list'; items: string[] };

const BULLET = /^\s*[-*•]\s+(.*)$/;

export function blocksOf(text: string): Block[] {
  const blocks: Block[] = [];
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const bullet = BULLET.exec(line);
    const last = blocks.at(-1);
    if (bullet) {
      const item = bullet[1] ?? '';
      if (last?.kind === 'list') last.items.push(item);
      else blocks.push({ kind: 'list', items: [item] });
    } else if (line.trim() === '') {
      blocks.push({ kind: 'paragraph', lines: [] });
    } else if (last?.kind === 'paragraph' && last.lines.length > 0) {
      last.lines.push(line);
    } else {
      blocks.push({ kind: 'paragraph', lines: [line] });
    }
  }
  return blocks.filter((block) => (block.kind === 'list' ? true : block.lines.length > 0));
}

function renderBlock(block: Block, index: number): ReactNode {
  if (block.kind === 'list') {
    return (
      <ul key={index} className="md__list">
        {block.items.map((item, i) => (
          <li key={i}>{inline(item)}</li>
        ))}
      </ul>
    );
  }
  return (
    <p key={index} className="md__p">
      {block.lines.map((line, i) => (
        <span key={i}>
          {i > 0 && <br />}
          {inline(line)}
        </span>
      ))}
    </p>
  );
}

const EMPHASIS = /\*\*(.+?)\*\*|\*(?!\s)(.+?)\*/g;

export function inline(text: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(EMPHASIS)) {
    const at = match.index;
    if (at > last) nodes.push(text.slice(last, at));
    if (match[1] !== undefined) nodes.push(<strong key={at}>{match[1]}</strong>);
    else nodes.push(<em key={at}>{match[2]}</em>);
    last = at + match[0].length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}
