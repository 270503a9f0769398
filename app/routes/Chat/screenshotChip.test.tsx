import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Mutation } from '@shared/sync';
import { preloadDialogs } from '../../components/ui/Dialog';
import { aChat } from '../../db/testData';
import type * as OcrHttp from '../../http/ocr';
import { uploadScreenshot } from '../../http/ocr';
import { readScreenshotOnDevice } from '../../ocr';
import { syncedDevice } from '../../sync/device.fake';
import { USER } from '../../testUser';
import { messageBox, renderChatScreen } from './chatScreen.fake';

// As on a screen that has painted: the dialogs' Radix side is in (see Dialog.tsx).
beforeAll(preloadDialogs);

// jsdom cannot run tesseract: the device's reader is replaced (its own module, app/ocr).
vi.mock('../../ocr', () => ({ readScreenshotOnDevice: vi.fn(), warmUpReader: vi.fn() }));
const readOnDevice = vi.mocked(readScreenshotOnDevice);

// fake-indexeddb clones with Node's structuredClone, which gives jsdom's File back as a plain
// object that jsdom's FormData refuses: the image goes to the fake server without a form.
vi.mock('../../http/ocr', async (original) => ({
  ...(await original<typeof OcrHttp>()),
  uploadScreenshot: vi.fn(),
}));
const upload = vi.mocked(uploadScreenshot);

const SHOT_TEXT = 'Jake: we should talk\nJake: call me later?';
const QUESTION = 'what does he mean by this??';

const device = syncedDevice();

/** She uploads a screenshot, it is read, and she clicks 'Use this text'. */
async function attachScreenshot() {
  // Its button is drawn again once its tooltip loads (IconTooltip): clicked until it opens.
  const dialog = await waitFor(
    () => {
      const open = screen.queryByRole('dialog', { name: 'Upload Screenshot' });
      if (open) return open;
      fireEvent.click(screen.getByRole('button', { name: 'Upload screenshot' }));
      return screen.getByRole('dialog', { name: 'Upload Screenshot' });
    },
    { timeout: 5000 },
  );
  const png = new File([new Uint8Array([137, 80, 78, 71])], 'chat.png', { type: 'image/png' });
  fireEvent.change(within(dialog).getByTestId('ocr-file-input'), { target: { files: [png] } });
  const use = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Use this text' });
  await waitFor(() => expect(use.disabled).toBe(false));
  await userEvent.click(use);
  await waitFor(() =>
    expect(screen.queryByRole('dialog', { name: 'Upload Screenshot' })).toBeNull(),
  );
}

const sent = () =>
  device.server.received.flatMap((mutation: Mutation) =>
    mutation.type === 'sendMessage' ? [mutation.message] : [],
  );

beforeEach(() => {
  localStorage.clear();
  URL.createObjectURL = vi.fn(() => 'blob:shot');
  URL.revokeObjectURL = vi.fn();
  readOnDevice.mockReset();
  readOnDevice.mockResolvedValue({ text: SHOT_TEXT, confidence: 0.9, bubbles: 2 });
  upload.mockImplementation(async (image, text) => ({
    text,
    imageUrl: (await device.server.uploadImage(image, text)).imageUrl,
    enhancedResult: null,
  }));
  device.server.addChat(aChat({ id: 'c1' }));
  device.signIn(USER);
});

describe("'Use this text' attaches the screenshot to her next message", () => {
  it('shows the chip above her box, sends nothing yet, and moves focus to the box', async () => {
    renderChatScreen('/chat/c1');
    const box = await messageBox();
    await attachScreenshot();
    const chip = screen.getByRole('group', { name: 'Screenshot attached' });
    expect(chip.textContent).toContain('Jake: we should talk Jake: call me later?');
    expect(chip.querySelector('img')?.getAttribute('src')).toBe('blob:shot');
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect(sent()).toEqual([]);
  });

  it('sends her question and the screenshot as one message on Spill', async () => {
    renderChatScreen('/chat/c1');
    const box = await messageBox();
    await attachScreenshot();
    await userEvent.type(box, QUESTION);
    await userEvent.click(screen.getByRole('button', { name: 'Spill' }));
    await waitFor(() => expect(sent()).toHaveLength(1), { timeout: 5000 });
    expect(sent()[0]).toMatchObject({
      message: QUESTION,
      isOCR: true,
      isEnhancedOCR: false,
      extractedText: SHOT_TEXT,
      ocrConfidence: 0.9,
    });
    // Its image went up first; the chip and her words are gone from the box.
    expect(sent()[0]?.imageUrl).toMatch(/^\/api\/images\//);
    expect(screen.queryByRole('group', { name: 'Screenshot attached' })).toBeNull();
    expect(box.value).toBe('');
    const log = screen.getByRole('log', { name: 'Messages' });
    expect(await within(log).findByText(QUESTION)).toBeTruthy();
    // The screenshot's bubble loads as its first one is drawn.
    expect(await within(log).findByText('OCR Result')).toBeTruthy();
  });

  it('sends the screenshot on its own, its text as the message, when she types nothing', async () => {
    renderChatScreen('/chat/c1');
    await messageBox();
    await attachScreenshot();
    const spill = screen.getByRole<HTMLButtonElement>('button', { name: 'Spill' });
    expect(spill.disabled).toBe(false);
    await userEvent.click(spill);
    await waitFor(() => expect(sent()).toHaveLength(1), { timeout: 5000 });
    expect(sent()[0]).toMatchObject({
      message: SHOT_TEXT,
      isOCR: true,
      extractedText: SHOT_TEXT,
    });
  });

  it('sends nothing of the screenshot once she removes it', async () => {
    renderChatScreen('/chat/c1');
    const box = await messageBox();
    await attachScreenshot();
    // A click alone: a pointer coming onto it first would draw its tooltip's trigger in its place
    // (IconTooltip), which a browser's press then lands on but jsdom's does not.
    fireEvent.click(screen.getByRole('button', { name: 'Remove screenshot' }));
    expect(screen.queryByRole('group', { name: 'Screenshot attached' })).toBeNull();
    expect(document.activeElement).toBe(box);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Spill' }).disabled).toBe(true);
    await userEvent.type(box, 'never mind{Enter}');
    await waitFor(() => expect(sent()).toHaveLength(1), { timeout: 5000 });
    expect(sent()[0]?.message).toBe('never mind');
    expect(sent()[0]?.isOCR).toBeUndefined();
    expect(sent()[0]?.extractedText).toBeUndefined();
  });

  it('keeps the chip, with her words, when she leaves and comes back (a reload)', async () => {
    renderChatScreen('/chat/c1');
    const box = await messageBox();
    await attachScreenshot();
    await userEvent.type(box, 'half a question');
    // Saved with her draft on the device.
    await new Promise((resolve) => setTimeout(resolve, 100));
    cleanup();
    renderChatScreen('/chat/c1');
    const again = await messageBox();
    await waitFor(() => expect(again.value).toBe('half a question'));
    expect(await screen.findByRole('group', { name: 'Screenshot attached' })).toBeTruthy();
    expect(sent()).toEqual([]);
  });

  it('shows the plans, and attaches nothing, for a bestie her plan does not cover', async () => {
    device.server.addChat(
      aChat({
        id: 'c-locked',
        persona: { id: 2, name: 'Brooke', description: 'Bold.', avatar: '/personas/brooke.svg' },
      }),
    );
    renderChatScreen('/chat/c-locked');
    await messageBox();
    await attachScreenshot();
    expect(await screen.findByRole('dialog', { name: 'Upgrade Your Bestie' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Screenshot attached' })).toBeNull();
    expect(sent()).toEqual([]);
  });
});
