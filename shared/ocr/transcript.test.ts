import { describe, expect, it } from 'vitest';
import { cleanLine, linesByPlacement, meanConfidence, transcript } from './transcript';
import type { Region } from './regions';
import type { OcrLine } from './types';

const line = (text: string, y0: number, confidence = 0.9): OcrLine => ({
  text,
  confidence,
  bbox: { x0: 0, y0, x1: 100, y1: y0 + 20 },
});
const box = { x0: 0, y0: 0, x1: 1, y1: 1 };
const fill = [0, 0, 0] as const;

describe('transcript', () => {
  it("labels bubbles 'Them:' and 'Me:', one line per bubble, and keeps page text unlabelled", () => {
    const regions: Region[] = [
      { kind: 'text', box, fill },
      { kind: 'bubble', box, fill, side: 'them' },
      { kind: 'bubble', box, fill, side: 'me' },
    ];
    const placements = [
      { region: 0, top: 0, bottom: 30 },
      { region: 1, top: 50, bottom: 120 },
      { region: 2, top: 140, bottom: 170 },
    ];
    const lines = [
      line('Are you free', 140),
      line('Alex', 5),
      line('the show?', 85),
      line('Did you see', 55),
    ];
    expect(transcript(regions, linesByPlacement(lines, placements))).toBe(
      'Alex\nThem: Did you see the show?\nMe: Are you free',
    );
  });

  it('drops bubbles nothing was read in', () => {
    const regions: Region[] = [{ kind: 'bubble', box, fill, side: 'me' }];
    expect(transcript(regions, [[line('  ', 0)]])).toBe('');
  });

  it('reads a lone | as I and typographic quotes as plain ones', () => {
    expect(cleanLine('| know. | am done, |’m sure')).toBe("I know. I am done, I'm sure");
    expect(cleanLine('He said “too busy”  ')).toBe('He said "too busy"');
    expect(cleanLine('a|b || c')).toBe('a|b || c');
  });

  it('weights confidence by the length of each line', () => {
    expect(meanConfidence([line('abc', 0, 1), line('a', 0, 0)])).toBeCloseTo(0.75);
    expect(meanConfidence([])).toBe(0);
  });
});
