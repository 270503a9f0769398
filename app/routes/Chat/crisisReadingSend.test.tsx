import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { aChat, aMessage } from '../../db/testData';
import { syncedDevice } from '../../sync/device.fake';
import { renderApp, USER } from '../../test-utils';
import { letReadingArrive } from './crisisReadingGate';

// The crisis reading comes only when the test says (a slow network): see crisisReadingGate.
vi.mock('@shared/safety/crisis', async (importOriginal) => {
  const { arrived } = await import('./crisisReadingGate');
  await arrived;
  return importOriginal();
});

const device = syncedDevice();

describe('a message she sends before the crisis reading has come', () => {
  it('waits for the reading by itself, with its help, while the chat she was reading stays', async () => {
    const { server } = device;
    server.replyStreamsHang = true;
    const hers = aMessage({ id: 'o-1', chatId: 'open', seq: 1, message: 'long day' });
    const reply = aMessage({
      id: 'o-2',
      chatId: 'open',
      seq: 2,
      isUser: false,
      replyTo: hers.id,
      message: 'Tell me everything.',
    });
    server.addChat(aChat({ id: 'open', messages: [hers, reply] }));
    device.signIn({ ...USER, subscriptionTier: 'premium' });
    renderApp('/chat/open');

    const slow = { timeout: 5000 };
    expect(await screen.findByText('Tell me everything.', {}, slow)).toBeTruthy();
    const box = screen.getByPlaceholderText('Message your bestie...');
    await userEvent.type(box, 'i want to die{Enter}');
    await waitFor(() => expect(server.received).toHaveLength(1), slow);

    // Sent, and her chat still on screen: not a spinner in its place.
    expect(screen.getByText('Tell me everything.')).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading chat' })).toBeNull();
    // Never her words without their help: held back until the reading comes (or, on a machine
    // so busy that READING_WAIT_MS has passed, shown with the help of the unsure reading).
    if (screen.queryByText('i want to die')) {
      expect(screen.getByRole('region', { name: 'Get help now' })).toBeTruthy();
    }

    letReadingArrive();
    const words = await screen.findByText('i want to die', {}, slow);
    const log = screen.getByRole('log', { name: 'Messages' });
    // In the same frame as her words, not a moment after.
    expect(log.contains(words)).toBe(true);
    expect(within(log).getByRole('region', { name: 'Get help now' })).toBeTruthy();
    expect(screen.getByText('Tell me everything.')).toBeTruthy();
  }, 30_000);
});
