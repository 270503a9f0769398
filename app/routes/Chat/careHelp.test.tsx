import { act, render, renderHook, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as crisisReading from '@shared/safety/crisis';
import type { LocalMessage } from '../../db/db';
import { aChat, aMessage } from '../../db/testData';
import { chatItemsOf, newestSituation } from './chatItems';
import { CrisisResources } from './CrisisResources';
import { MessageBubble } from './MessageBubble';
import { TEASER_UPGRADE_DELAY_MS, useTeaserUpgrade } from './useTeaserUpgrade';

const PERSONA = aChat({ id: 'c' }).persona;
const TEASER_BUTTON = 'HEAR WHAT YOUR BESTIE HAS TO SAY...';

const local = (overrides: Partial<LocalMessage> & { id: string }): LocalMessage => ({
  ...aMessage({ id: overrides.id }),
  status: 'sent',
  ...overrides,
});
const hers = (id: string, message: string) => local({ id, message, isUser: true });
const reply = (replyTo: string, overrides: Partial<LocalMessage> = {}) =>
  local({ id: `r-${replyTo}`, isUser: false, replyTo, message: 'I hear you.', ...overrides });

const linkNames = (list: HTMLElement) =>
  within(list)
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('the right help first', () => {
  it("puts 'Call 911 now' first and Poison Control second for anything swallowed", () => {
    render(<CrisisResources situation="swallowed" />);
    const list = screen.getByRole('list', { name: 'Crisis resources' });
    expect(linkNames(list)).toEqual([
      'Call 911 now',
      'Call Poison Control: 1-800-222-1222',
      'Call 988',
      'Text 988',
      'Text HOME to 741741',
      'findahelpline.com',
    ]);
    expect(screen.getByRole('link', { name: 'Call 911 now' }).getAttribute('href')).toBe('tel:911');
    expect(
      screen
        .getByRole('link', { name: 'Call Poison Control: 1-800-222-1222' })
        .getAttribute('href'),
    ).toBe('tel:18002221222');
    expect(screen.getByRole('link', { name: 'Text 988' }).getAttribute('href')).toBe('sms:988');
  });

  it('keeps the lines first and 911 last when she needs support', () => {
    render(<CrisisResources />);
    expect(linkNames(screen.getByRole('list', { name: 'Crisis resources' }))).toEqual([
      'Call 988',
      'Text 988',
      'Text HOME to 741741',
      'findahelpline.com',
      'In danger now? Call 911',
    ]);
  });

  it("reads the help card's order from her message, and a crisis reply's from the message it answers", () => {
    const messages = [
      hers('a', 'i took all my sleeping pills'),
      reply('a', { isCrisis: true, message: 'Please call someone now. If you are sad, text 988.' }),
    ];
    const items = chatItemsOf(messages, crisisReading);
    const crisisReply = items.find((item) => item.kind === 'message' && item.crisis);
    expect(crisisReply).toMatchObject({ situation: 'swallowed' });
    expect(newestSituation(items)).toBe('swallowed');

    const waiting = chatItemsOf([hers('b', 'i took all my sleeping pills')], crisisReading);
    expect(waiting.at(-1)).toMatchObject({ kind: 'help', situation: 'swallowed' });
  });

  it("gives 'Get help now' the support order when the chat holds no crisis", () => {
    const items = chatItemsOf([hers('a', 'my cat ignored me'), reply('a')], crisisReading);
    expect(newestSituation(items)).toBe('support');
  });
});

describe('a teaser in care mode', () => {
  const teaser = reply('a', { isTeaser: true, message: 'Okay so here is the thing' });
  const itemOf = (message: LocalMessage, mine = hers('a', 'i swallowed a bottle of tylenol')) =>
    chatItemsOf([mine, message], crisisReading).find((item) => item.kind === 'teaser')!;

  it('shows its subscribe button outside care mode', () => {
    render(
      <MessageBubble
        item={itemOf(teaser)}
        persona={PERSONA}
        onRetry={() => {}}
        onUpgrade={vi.fn()}
      />,
    );
    expect(screen.getByRole('button', { name: TEASER_BUTTON })).toBeTruthy();
  });

  it('shows its text and no subscribe button while the chat is in care mode', () => {
    render(<MessageBubble item={itemOf(teaser)} persona={PERSONA} onRetry={() => {}} />);
    expect(screen.getByText('Okay so here is the thing')).toBeTruthy();
    expect(screen.queryByRole('button', { name: TEASER_BUTTON })).toBeNull();
  });

  it('shows the full help card beside it when the reply spoke of help (helpCard)', () => {
    render(
      <MessageBubble
        item={itemOf({ ...teaser, helpCard: true })}
        persona={PERSONA}
        onRetry={() => {}}
      />,
    );
    const card = screen.getByRole('region', { name: 'Get help now' });
    expect(linkNames(within(card).getByRole('list')).slice(0, 2)).toEqual([
      'Call 911 now',
      'Call Poison Control: 1-800-222-1222',
    ]);
  });
});

describe("the teaser's upgrade nudge", () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.useRealTimers());

  it('opens 2 s after a teaser outside care mode', async () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useTeaserUpgrade(false, 'c1'));
    act(() => result.current.afterTeaser('c1'));
    // Which chats were nudged today comes in its own chunk, asked for as the teaser arrives.
    await vi.dynamicImportSettled();
    act(() => vi.advanceTimersByTime(TEASER_UPGRADE_DELAY_MS));
    expect(result.current.open).toBe(true);
  });

  it('never opens once the chat is in care mode, even if it was already waiting', async () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ held }) => useTeaserUpgrade(held, 'c1'), {
      initialProps: { held: false },
    });
    act(() => result.current.afterTeaser('c1'));
    await vi.dynamicImportSettled();
    rerender({ held: true });
    act(() => vi.advanceTimersByTime(3000));
    expect(result.current.open).toBe(false);
    act(() => result.current.afterTeaser('c1'));
    act(() => vi.advanceTimersByTime(3000));
    expect(result.current.open).toBe(false);
  });
});
