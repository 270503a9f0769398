import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/Toaster';
import { readScreenshotOnDevice, warmUpReader } from '../../../ocr';
import { UnreadableImageError } from '../../../ocr/unreadable';
import { ScreenshotDialog } from './ScreenshotDialog';
import { preloadDialogs } from '../../../components/ui/Dialog';

// As on a screen that has painted: the dialogs' Radix side is in (see Dialog.tsx).
beforeAll(preloadDialogs);

// jsdom cannot run tesseract: the device's reader is replaced (its own module, app/ocr).
vi.mock('../../../ocr', () => ({ readScreenshotOnDevice: vi.fn(), warmUpReader: vi.fn() }));
const readOnDevice = vi.mocked(readScreenshotOnDevice);
const warmUp = vi.mocked(warmUpReader);

const ANALYSIS = {
  type: 'general',
  summary: 'He says sorry and asks to meet.',
  keyPoints: ['He apologises'],
  entities: ['Friday'],
  sentiment: 'positive',
};

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'chat.png', { type: 'image/png' });

function renderDialog(onUse = vi.fn(), onOpenChange = vi.fn()) {
  render(
    <>
      <ScreenshotDialog open image={null} onOpenChange={onOpenChange} onUse={onUse} />
      <Toaster />
    </>,
  );
  return { onUse, onOpenChange };
}

function pick(file: File) {
  fireEvent.change(screen.getByTestId('ocr-file-input'), { target: { files: [file] } });
}

const textBox = () => screen.getByLabelText(/^Extracted Text/) as HTMLTextAreaElement;

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
  readOnDevice.mockReset();
  warmUp.mockReset();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the screenshot dialog', { timeout: 15_000 }, () => {
  it("reads a picked image on the device, lets her edit it, and 'Use this text' hands it over", async () => {
    let finish!: (value: { text: string; confidence: number; bubbles: number }) => void;
    readOnDevice.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const { onUse, onOpenChange } = renderDialog();
    expect(screen.getByRole('heading', { name: 'Upload Screenshot' })).toBeTruthy();
    expect(screen.getByText('Supported formats: PNG, JPG, GIF')).toBeTruthy();
    const use = screen.getByRole('button', { name: 'Use this text' }) as HTMLButtonElement;
    expect(use.disabled).toBe(true);

    pick(png());
    expect(await screen.findByPlaceholderText('Processing...')).toBeTruthy();
    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect(screen.getByAltText('Screenshot preview')).toBeTruthy();
    expect(use.disabled).toBe(true);

    finish({ text: 'Them: sorry\nMe: ok', confidence: 0.91, bubbles: 2 });
    await waitFor(() => expect(textBox().value).toBe('Them: sorry\nMe: ok'));
    await userEvent.type(textBox(), '!');
    await userEvent.click(use);
    expect(onUse).toHaveBeenCalledWith(
      expect.objectContaining({ text: 'Them: sorry\nMe: ok!', enhanced: null, confidence: 0.91 }),
    );
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("starts the reader's worker as it opens, before she picks an image", async () => {
    renderDialog();
    await waitFor(() => expect(warmUp).toHaveBeenCalledTimes(1));
    expect(readOnDevice).not.toHaveBeenCalled();
  });

  it('starts no worker while it is closed, and starts it once it opens', async () => {
    const props = { image: null, onOpenChange: vi.fn(), onUse: vi.fn() };
    const { rerender } = render(<ScreenshotDialog open={false} {...props} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(warmUp).not.toHaveBeenCalled();
    rerender(<ScreenshotDialog open {...props} />);
    await waitFor(() => expect(warmUp).toHaveBeenCalledTimes(1));
  });

  it('refuses a file that is not an image', async () => {
    renderDialog();
    pick(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Please select an image file (PNG, JPG, GIF)',
    );
    expect(readOnDevice).not.toHaveBeenCalled();
  });

  it("says 'No text could be extracted' and keeps 'Use this text' off when nothing was read", async () => {
    readOnDevice.mockResolvedValue({ text: '', confidence: 0, bubbles: 0 });
    renderDialog();
    pick(png());
    expect(await screen.findByText('No text could be extracted')).toBeTruthy();
    const use = screen.getByRole('button', { name: 'Use this text' }) as HTMLButtonElement;
    expect(use.disabled).toBe(true);
  });

  it('shows the analysis and the rounded confidence with enhanced analysis on', async () => {
    readOnDevice.mockResolvedValue({ text: 'sorry', confidence: 0.5, bubbles: 0 });
    const fetchMock = vi.fn(async () =>
      Response.json({
        extractedText: 'sorry',
        analysis: ANALYSIS,
        structuredData: { wordCount: 1, messages: [] },
        confidence: 0.876,
        imageUrl: '/api/images/abcdefghijklmnopqrstuv',
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { onUse } = renderDialog();
    await userEvent.click(screen.getByRole('switch', { name: 'Enhanced Analysis' }));
    const type = screen.getByLabelText('Analysis Type') as HTMLSelectElement;
    expect(type.value).toBe('general');
    expect(screen.getByText('General text extraction and analysis')).toBeTruthy();
    await userEvent.selectOptions(type, 'receipt');
    expect(screen.getByText('Extract merchant, items and amounts')).toBeTruthy();
    pick(png());
    expect(await screen.findByText('He says sorry and asks to meet.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Analysis Summary' })).toBeTruthy();
    expect(screen.getByText('Extracted Text (88% confidence)')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/ocr/enhanced');
    expect((init.body as FormData).get('analysisType')).toBe('receipt');
    await userEvent.click(screen.getByRole('button', { name: 'Use this text' }));
    expect(onUse).toHaveBeenCalledWith(
      expect.objectContaining({ analysisType: 'receipt', enhanced: expect.anything() }),
    );
  });

  it('shows the amber notice and the basic text when enhanced analysis needs a subscription', async () => {
    readOnDevice.mockResolvedValue({ text: 'basic words', confidence: 0.8, bubbles: 0 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          {
            message: 'Enhanced OCR analysis requires a subscription',
            code: 'subscription_required',
            requiresSubscription: true,
          },
          { status: 403 },
        ),
      ),
    );
    renderDialog();
    await userEvent.click(screen.getByRole('switch', { name: 'Enhanced Analysis' }));
    pick(png());
    const notice = await screen.findByText(
      'Enhanced OCR analysis is available with a subscription. Upgrade to access this feature.',
      { selector: '.ocr-notice' },
    );
    expect(notice.className).toContain('ocr-notice--amber');
    expect(await screen.findByText('Subscription Required')).toBeTruthy();
    expect(textBox().value).toBe('basic words');
  });

  it("shows 'Failed to process image' when the image cannot be read", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    readOnDevice.mockRejectedValue(new Error(''));
    renderDialog();
    pick(png());
    expect(await screen.findByText('Failed to process your image. Please try again.')).toBeTruthy();
    const toast = await screen.findByText('Failed to process image');
    expect(within(toast.closest('li')!).getByText('An error occurred while processing the image'));
  });

  it('shows the failure words in place of the preview when the picture cannot be decoded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    readOnDevice.mockRejectedValue(
      new UnreadableImageError(new DOMException('The source image could not be decoded.')),
    );
    renderDialog();
    pick(png());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to process your image. Please try again.',
    );
    expect(screen.queryByAltText('Screenshot preview')).toBeNull();
    expect(screen.queryByLabelText(/^Extracted Text/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Use this text' })).toHaveProperty('disabled', true);
    const toast = await screen.findByText('Failed to process image');
    expect(within(toast.closest('li')!).getByText('An error occurred while processing the image'));
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview');
  });
});
