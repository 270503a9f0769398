/** Screenshot reading, shared by the browser worker and the server. */
export type { Box, OcrLine, Recognise, Recognition, RgbaImage, ScreenshotText } from './types';
export { readScreenshot } from './readScreenshot';
export type { ReadScreenshotOptions } from './readScreenshot';
export { encodePgm } from './encode';
export { estimateBackground, findRegions } from './regions';
export type { Region, Side } from './regions';
export { recognitionFromPage, tesseractRecogniser } from './tesseract';
export type { TesseractPage } from './tesseract';
