import { describe, expect, it } from 'vitest';
import { readScreenshot } from './readScreenshot';
import { blankImage, bubble, strokes } from './testImages';
import type { OcrLine, Recognise, RgbaImage } from './types';

const WHITE = [255, 255, 255] as const;
const BLACK = [0, 0, 0] as const;
const DARK_GREY = [38, 38, 40] as const;
const PURPLE = [94, 92, 230] as const;

/**
 * A stand-in recogniser: "reads" each band of dark rows as one line saying how tall it is, so
 * a test sees what the real one would be given (dark text on white, in which order, how big).
 */
function fakeRecogniser(): { recognise: Recognise; seen: RgbaImage[] } {
  const seen: RgbaImage[] = [];
  const recognise: Recognise = async (image) => {
    seen.push(image);
    const lines: OcrLine[] = [];
    let start = -1;
    for (let y = 0; y <= image.height; y += 1) {
      let dark = false;
      for (let x = 0; x < image.width && y < image.height; x += 1) {
        if ((image.data[(y * image.width + x) * 4] ?? 255) < 128) dark = true;
      }
      if (dark && start < 0) start = y;
      if (!dark && start >= 0) {
        const bbox = { x0: 0, y0: start, x1: image.width, y1: y };
        lines.push({ text: `line ${y - start}px`, confidence: 0.9, bbox });
        start = -1;
      }
    }
    return { text: lines.map((line) => line.text).join('\n'), confidence: 0.8, lines };
  };
  return { recognise, seen };
}

function darkModeChat(): RgbaImage {
  // Text 20 px tall, big enough not to be enlarged, so what the recogniser sees is exact.
  const image = blankImage(400, 300, BLACK);
  const colours = { ink: WHITE, page: BLACK };
  bubble(image, { x0: 10, y0: 10, x1: 220, y1: 60 }, { ...colours, fill: DARK_GREY }, 1, 20);
  bubble(image, { x0: 150, y0: 80, x1: 390, y1: 180 }, { ...colours, fill: PURPLE }, 2, 20);
  bubble(image, { x0: 10, y0: 200, x1: 250, y1: 250 }, { ...colours, fill: DARK_GREY }, 1, 20);
  return image;
}

describe('readScreenshot', () => {
  it("reads a dark-mode chat bubble by bubble, top to bottom, as 'Them:' and 'Me:' lines", async () => {
    const { recognise } = fakeRecogniser();
    const result = await readScreenshot(darkModeChat(), recognise);
    expect(result.text).toBe('Them: line 20px\nMe: line 20px line 20px\nThem: line 20px');
    expect(result.bubbles).toBe(3);
    expect(result.confidence).toBeCloseTo(0.9);
  });

  it('gives the recogniser one image, the white text made black on white', async () => {
    const { recognise, seen } = fakeRecogniser();
    await readScreenshot(darkModeChat(), recognise);
    expect(seen).toHaveLength(1);
    const [canvas] = seen;
    const values = new Set(canvas?.data.filter((_, index) => index % 4 === 0));
    expect(values).toEqual(new Set([0, 255]));
  });

  it('enlarges small text before recognising it', async () => {
    const image = blankImage(400, 100, WHITE);
    const colours = { fill: [233, 233, 235] as const, ink: BLACK, page: WHITE };
    bubble(image, { x0: 10, y0: 10, x1: 200, y1: 40 }, colours);
    const { recognise } = fakeRecogniser();
    const plain = await readScreenshot(image, recognise, { rescale: false });
    const enlarged = await readScreenshot(image, recognise);
    expect(plain.text).toBe('Them: line 3px');
    // 3 px is enlarged to about 13 px (4.25x, capped at 3x); bilinear edges add grey rows.
    expect(enlarged.text).toMatch(/^Them: line (9|10|11)px$/);
  });

  it('reads an image without bubbles (a receipt) as plain text, laid out as it was', async () => {
    const image = blankImage(300, 120, [251, 250, 246]);
    const ink = [34, 34, 34] as const;
    strokes(image, { x0: 20, y0: 20, x1: 280, y1: 40 }, ink);
    strokes(image, { x0: 20, y0: 60, x1: 120, y1: 80 }, ink);
    strokes(image, { x0: 200, y0: 60, x1: 280, y1: 80 }, ink);
    const { recognise, seen } = fakeRecogniser();
    const result = await readScreenshot(image, recognise);
    expect(result).toEqual({ text: 'line 20px\nline 20px', confidence: 0.8, bubbles: 0 });
    expect([seen[0]?.width, seen[0]?.height]).toEqual([300, 120]);
  });
});
