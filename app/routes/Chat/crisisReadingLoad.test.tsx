import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Chat } from '@shared/chat';
import { aChat, aMessage } from '../../db/testData';
import { syncedDevice } from '../../sync/device.fake';
import { renderApp, USER } from '../../test-utils';
import { letReadingArrive } from './crisisReadingGate';

/*
 * The crisis reading (~13 kB gzip) is not part of the chat screen's first load. The
 * chat screen asks for it as it opens; here it takes as long as the test says (a slow network).
 */
vi.mock('@shared/safety/crisis', async (importOriginal) => {
  const { arrived } = await import('./crisisReadingGate');
  await arrived;
  return importOriginal();
});

const device = syncedDevice();

/** Chat `id`: her crisis words, and the bestie's ordinary reply when `answered`. */
function aCrisisChat(id: string, words: string, answered: boolean): Chat {
  const hers = aMessage({ id: `${id}-1`, chatId: id, seq: 1, message: words });
  const reply = aMessage({
    id: `${id}-2`,
    chatId: id,
    seq: 2,
    isUser: false,
    replyTo: hers.id,
    message: `An ordinary reply in ${id}.`,
  });
  return aChat({ id, messages: answered ? [hers, reply] : [hers] });
}

describe('the chat screen while the crisis reading loads', () => {
  it('draws a chat with every message answered at once, and holds one still waiting until its help can show with it', async () => {
    const { server } = device;
    // The bestie takes her time: a reply stream that has not answered yet.
    server.replyStreamsHang = true;
    server.addChat(aCrisisChat('answered', 'i want to die', true));
    server.addChat(aCrisisChat('waiting', 'i want to kill myself tonight', false));
    device.signIn({ ...USER, subscriptionTier: 'premium' });
    const { router } = renderApp('/chat/answered');

    // Every message of hers has its reply: the chat does not wait for the reading.
    const slow = { timeout: 5000 };
    expect(await screen.findByText('An ordinary reply in answered.', {}, slow)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Get help now' })).toBeNull();

    // Her words still waiting for a reply are not shown without their help.
    await router.navigate('/chat/waiting');
    expect(await screen.findByRole('status', { name: 'Loading chat' }, slow)).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText('i want to kill myself tonight')).toBeNull();

    letReadingArrive();
    const words = await screen.findByText('i want to kill myself tonight', {}, slow);
    const log = screen.getByRole('log', { name: 'Messages' });
    // In the same frame as her words, not a moment after.
    expect(log.contains(words)).toBe(true);
    expect(within(log).getByRole('region', { name: 'Get help now' })).toBeTruthy();
  }, 30_000);
});
