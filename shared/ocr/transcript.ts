/**
 * Turns the lines read from the composed canvas back into a transcript: each line belongs to
 * the region whose band holds its middle; a bubble's lines become one `Them:`/`Me:` line.
 */
import type { OcrLine } from './types';
import type { Placement } from './compose';
import type { Region } from './regions';
import { withoutClutter, type TranscriptLine } from './clutter';

/**
 * Typographic quotes and stray spaces the recogniser adds; a chat message wants plain text.
 * A lone `|` is the pronoun I in sans-serif fonts (both are one vertical stroke), and chat
 * text has no pipes standing alone as words.
 */
export function cleanLine(text: string): string {
  return text
    .replace(/(^|[\s"(])\|(?=$|[\s'\u2019,.!?])/g, '$1I')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
}

export function linesByPlacement(lines: OcrLine[], placements: Placement[]): OcrLine[][] {
  const grouped = placements.map((): OcrLine[] => []);
  for (const line of lines) {
    const middle = (line.bbox.y0 + line.bbox.y1) / 2;
    const index = placements.findIndex((place) => middle >= place.top && middle < place.bottom);
    if (index >= 0) grouped[index]?.push(line);
  }
  for (const group of grouped) group.sort((a, b) => a.bbox.y0 - b.bbox.y0);
  return grouped;
}

const LABEL = { them: 'Them', me: 'Me' } as const;

/** A bubble's lines as one line with its side; text on the page line by line, unlabelled. */
export function transcriptLines(regions: Region[], grouped: OcrLine[][]): TranscriptLine[] {
  const out: TranscriptLine[] = [];
  grouped.forEach((lines, index) => {
    const region = regions[index];
    const texts = lines.map((line) => cleanLine(line.text)).filter(Boolean);
    if (!region || texts.length === 0) return;
    if (region.kind === 'bubble') out.push({ kind: region.side, text: texts.join(' ') });
    else out.push(...texts.map((text) => ({ kind: 'page' as const, text })));
  });
  return out;
}

/** `Them: …` / `Me: …` for bubbles, page text as it is, one line each. */
export function formatTranscript(lines: TranscriptLine[]): string {
  return lines
    .map((line) => (line.kind === 'page' ? line.text : `${LABEL[line.kind]}: ${line.text}`))
    .join('\n');
}

/** The transcript as she reads it: without the phone's clutter (clutter.ts). */
export function transcript(regions: Region[], grouped: OcrLine[][]): string {
  return formatTranscript(withoutClutter(transcriptLines(regions, grouped)));
}

/** Confidence over the lines kept, weighted by their length. */
export function meanConfidence(lines: OcrLine[]): number {
  let weight = 0;
  let sum = 0;
  for (const line of lines) {
    const length = cleanLine(line.text).length;
    weight += length;
    sum += line.confidence * length;
  }
  return weight === 0 ? 0 : sum / weight;
}
