import { render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aChat } from '../../db/testData';
import { aMessageItem } from './chatItemTestData';
import type { ChatItem } from './chatItems';
import { MessageList } from './MessageList';
import { withMessageListLayout } from './messageListLayout.fake';
import type { OlderMessages } from './useMessagePages';

/** jsdom has no layout: here the list is VIEW px tall and every row ROW px (as MessageList.test). */
const VIEW = 500;
const ROW = 100;
const COUNT = 200;
const PAGE = 50;
withMessageListLayout({ view: VIEW, row: ROW });

const message = (n: number): ChatItem =>
  aMessageItem({ id: `m${n}`, from: n % 2 ? 'user' : 'bestie', text: `message ${n}` });

/** A chat of COUNT messages read a page at a time, newest first, as useMessagePages does. */
function PagedChat({ onLoadOlder }: { onLoadOlder: () => void }) {
  const [first, setFirst] = useState(COUNT - PAGE + 1);
  const [older, setOlder] = useState<OlderMessages>('more');
  const navigate = useNavigate();
  const items = Array.from({ length: COUNT - first + 1 }, (_, i) => message(first + i));
  function loadOlder() {
    onLoadOlder();
    setOlder('loading');
    setTimeout(() => {
      const start = Math.max(1, first - PAGE);
      setFirst(start);
      setOlder(start > 1 ? 'more' : 'none');
    });
  }
  return (
    <>
      <MessageList
        items={items}
        persona={aChat({ id: 'x' }).persona}
        welcome="Hi"
        replyText={undefined}
        showAiReminder={false}
        older={older}
        onLoadOlder={loadOlder}
        onRetry={() => {}}
      />
      <button type="button" onClick={() => void navigate('/chat/x#m-m190')}>
        open m190
      </button>
    </>
  );
}

function renderChat(path: string) {
  const onLoadOlder = vi.fn();
  render(
    <MemoryRouter initialEntries={[path]}>
      <PagedChat onLoadOlder={onLoadOlder} />
    </MemoryRouter>,
  );
  return { onLoadOlder };
}

const log = () => screen.getByRole('log', { name: 'Messages' });

/** Whether the row of `text` is drawn within the list's visible window. */
function inView(text: string): boolean {
  const row = screen.queryByText(text)?.closest<HTMLElement>('.message-list__row');
  if (!row) return false;
  const top = Number(/translateY\((-?[\d.]+)px\)/.exec(row.style.transform)?.[1]);
  return top + ROW > log().scrollTop && top < log().scrollTop + VIEW;
}

let glowed: Element[];

beforeEach(() => {
  // jsdom has no Web Animations: the glow is recorded instead.
  glowed = [];
  Element.prototype.animate = function animate(this: Element) {
    glowed.push(this);
    return { cancel: () => {} } as Animation;
  };
});

afterEach(() => {
  delete (Element.prototype as Partial<Element>).animate;
});

describe('a chat opened at a message (a search result)', () => {
  it('reads older pages until the message is there, shows it and makes it glow', async () => {
    const { onLoadOlder } = renderChat('/chat/x#m-m20');
    await waitFor(() => expect(inView('message 20')).toBe(true));
    // Pages of 50 back from 151: 101, 51, then 1, which holds message 20.
    expect(onLoadOlder).toHaveBeenCalledTimes(3);
    expect(inView('message 200')).toBe(false);
    await waitFor(() => expect(glowed.map((each) => each.textContent)).toEqual(['message 20']));
  });

  it('goes to a message on the page shown without reading more', async () => {
    const { onLoadOlder } = renderChat('/chat/x#m-m160');
    await waitFor(() => expect(glowed.map((each) => each.textContent)).toEqual(['message 160']));
    expect(inView('message 160')).toBe(true);
    expect(onLoadOlder).not.toHaveBeenCalled();
  });

  it('goes to the message again each time she opens it', async () => {
    renderChat('/chat/x#m-m190');
    await waitFor(() => expect(glowed).toHaveLength(1));
    screen.getByRole('button', { name: 'open m190' }).click();
    await waitFor(() => expect(glowed).toHaveLength(2));
  });

  it('stays at the newest when the chat does not hold the message', async () => {
    const { onLoadOlder } = renderChat('/chat/x#m-gone');
    await waitFor(() => expect(onLoadOlder).toHaveBeenCalledTimes(3));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Load earlier messages' })).toBeNull(),
    );
    expect(inView('message 200')).toBe(true);
    expect(glowed).toEqual([]);
  });

  it('opens at the newest, as ever, without a message in the address', async () => {
    const { onLoadOlder } = renderChat('/chat/x');
    await waitFor(() => expect(inView('message 200')).toBe(true));
    expect(onLoadOlder).not.toHaveBeenCalled();
  });
});
