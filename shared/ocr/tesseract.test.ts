import { describe, expect, it } from 'vitest';
import { recognitionFromPage, tesseractRecogniser } from './tesseract';
import type { TesseractPage } from './tesseract';

const page: TesseractPage = {
  text: 'Hello there\nHow are you\n',
  confidence: 91,
  blocks: [
    {
      paragraphs: [
        {
          lines: [
            { text: 'Hello there\n', confidence: 95, bbox: { x0: 1, y0: 2, x1: 3, y1: 4 } },
            { text: 'How are you\n', confidence: 87, bbox: { x0: 1, y0: 8, x1: 3, y1: 9 } },
          ],
        },
      ],
    },
  ],
};

describe('tesseractRecogniser', () => {
  it("flattens tesseract.js's blocks into lines with confidences from 0 to 1", () => {
    expect(recognitionFromPage(page)).toEqual({
      text: 'Hello there\nHow are you',
      confidence: 0.91,
      lines: [
        { text: 'Hello there', confidence: 0.95, bbox: { x0: 1, y0: 2, x1: 3, y1: 4 } },
        { text: 'How are you', confidence: 0.87, bbox: { x0: 1, y0: 8, x1: 3, y1: 9 } },
      ],
    });
    expect(recognitionFromPage({ text: '', confidence: 0, blocks: null }).lines).toEqual([]);
  });

  it('hands the worker the image as a binary PGM', async () => {
    const seen: Uint8Array[] = [];
    const recognise = tesseractRecogniser(async (bytes) => {
      seen.push(bytes);
      return page;
    });
    const image = {
      width: 2,
      height: 1,
      data: new Uint8ClampedArray([0, 0, 0, 255, 255, 255, 255, 255]),
    };
    await recognise(image);
    expect(new TextDecoder().decode(seen[0]?.subarray(0, 11))).toBe('P5\n2 1\n255\n');
    expect([...(seen[0]?.subarray(11) ?? [])]).toEqual([0, 255]);
  });
});
