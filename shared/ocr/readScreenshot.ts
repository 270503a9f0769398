/**
 * Reads a phone screenshot the way a person does: bubble by bubble, top to bottom, knowing
 * whose each one is. Pure: the recogniser is passed in (a tesseract.js worker in the browser or
 * in Node), so both sides run exactly this.
 */
import type { Recognise, RgbaImage, ScreenshotText } from './types';
import { inPlace, stack, trimToInk } from './compose';
import { greyToRgba } from './encode';
import { normaliseRegion } from './normalise';
import { estimateBackground, findRegions } from './regions';
import type { Region } from './regions';
import { lineHeight, resize, textScale } from './scale';
import { withoutClutter } from './clutter';
import {
  cleanLine,
  formatTranscript,
  linesByPlacement,
  meanConfidence,
  transcriptLines,
} from './transcript';

export interface ReadScreenshotOptions {
  /** Resize text to the size read best: small enlarged, big reduced (default true). */
  rescale?: boolean;
}

/** Around each region's ink: enough white for the recogniser to see a clean edge. */
const INK_PAD = 4;

/** Black-on-white regions, trimmed to their ink, each resized where its text is small or big. */
function prepareRegions(image: RgbaImage, regions: Region[], rescale: boolean) {
  return regions.map((region) => {
    const grey = trimToInk(normaliseRegion(image, region), INK_PAD);
    return rescale ? resize(grey, textScale(lineHeight(grey))) : grey;
  });
}

async function readChat(
  image: RgbaImage,
  regions: Region[],
  recognise: Recognise,
  rescale: boolean,
): Promise<ScreenshotText> {
  const { canvas, placements } = stack(prepareRegions(image, regions, rescale));
  const recognition = await recognise(greyToRgba(canvas));
  const grouped = linesByPlacement(recognition.lines, placements);
  const lines = withoutClutter(transcriptLines(regions, grouped));
  return {
    text: formatTranscript(lines),
    confidence: meanConfidence(grouped.flat()),
    // The bubbles she sees in the transcript: an input bar drawn like one is not counted.
    bubbles: lines.filter((line) => line.kind !== 'page').length,
  };
}

/** No bubbles (a receipt, a card, a page): the whole image, normalised in place, as plain text. */
async function readPlain(
  image: RgbaImage,
  regions: Region[],
  recognise: Recognise,
  rescale: boolean,
): Promise<ScreenshotText> {
  const parts = regions.map((region) => ({
    image: normaliseRegion(image, region),
    x: region.box.x0,
    y: region.box.y0,
  }));
  let page = inPlace(image, parts);
  if (rescale) page = resize(page, textScale(lineHeight(page)));
  const recognition = await recognise(greyToRgba(page));
  const lines = recognition.text
    .split('\n')
    .map(cleanLine)
    .filter(Boolean)
    .map((text) => ({ kind: 'page' as const, text }));
  const text = formatTranscript(withoutClutter(lines));
  return { text, confidence: recognition.confidence, bubbles: 0 };
}

export async function readScreenshot(
  image: RgbaImage,
  recognise: Recognise,
  options: ReadScreenshotOptions = {},
): Promise<ScreenshotText> {
  const rescale = options.rescale ?? true;
  const regions = findRegions(image, estimateBackground(image));
  const isChat = regions.some((region) => region.kind === 'bubble');
  return isChat
    ? readChat(image, regions, recognise, rescale)
    : readPlain(image, regions, recognise, rescale);
}
