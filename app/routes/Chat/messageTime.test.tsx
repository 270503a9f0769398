import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aChat } from '../../db/testData';
import type { ChatItem } from './chatItems';
import { messageTimeLabel } from './chatDate';
import { aMessageItem } from './chatItemTestData';
import { MessageBubble } from './MessageBubble';

const PERSONA = aChat({ id: 'x' }).persona;
const SENT = '2026-11-25T10:04:00.000Z';

const message = (from: 'user' | 'bestie', text: string): ChatItem =>
  aMessageItem({ id: `m-${from}`, timestamp: SENT, from, text });

function bubble(item: ChatItem) {
  render(<MessageBubble item={item} persona={PERSONA} onRetry={() => {}} />);
}

describe("a message's time", () => {
  it('shows under her message when she taps it, and goes with a second tap', async () => {
    bubble(message('user', 'he left me on read'));
    const label = messageTimeLabel(SENT);
    expect(screen.queryByText(label)).toBeNull();
    await userEvent.click(screen.getByText('he left me on read'));
    const time = await screen.findByText(label);
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('datetime')).toBe(SENT);
    await userEvent.click(screen.getByText('he left me on read'));
    expect(screen.queryByText(label)).toBeNull();
  });

  it("shows under a bestie's reply too, but her tap on a button in it only presses the button", async () => {
    let upgrades = 0;
    const teaser: ChatItem = {
      id: 't',
      timestamp: SENT,
      kind: 'teaser',
      text: 'Oh babe, I have so much to say about this',
      helpCard: false,
      situation: 'support',
    };
    render(
      <MessageBubble
        item={teaser}
        persona={PERSONA}
        onRetry={() => {}}
        onUpgrade={() => upgrades++}
      />,
    );
    await userEvent.click(
      screen.getByRole('button', { name: 'HEAR WHAT YOUR BESTIE HAS TO SAY...' }),
    );
    expect(upgrades).toBe(1);
    expect(screen.queryByText(messageTimeLabel(SENT))).toBeNull();
    await userEvent.click(screen.getByText(/so much to say/));
    expect(await screen.findByText(messageTimeLabel(SENT))).toBeTruthy();
  });

  it('is not offered for her message still on its way', async () => {
    bubble({ id: 'p', timestamp: SENT, kind: 'pending', text: 'still going' });
    await userEvent.click(screen.getByText('still going'));
    expect(screen.queryByText(messageTimeLabel(SENT))).toBeNull();
  });
});

describe('messageTimeLabel', () => {
  const now = new Date(2026, 10, 26, 15, 0);
  const clock = (date: Date) =>
    date.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });

  it("says the day as the chat list does, then the time, with the year only when it isn't this one", () => {
    const today = new Date(2026, 10, 26, 9, 41);
    expect(messageTimeLabel(today.toISOString(), now)).toBe(`Today, ${clock(today)}`);
    const yesterday = new Date(2026, 10, 25, 23, 5);
    expect(messageTimeLabel(yesterday.toISOString(), now)).toBe(`Yesterday, ${clock(yesterday)}`);
    const lastYear = new Date(2025, 11, 3, 8, 0);
    expect(messageTimeLabel(lastYear.toISOString(), now)).toBe(
      `${lastYear.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' })}, ${clock(lastYear)}`,
    );
  });
});
