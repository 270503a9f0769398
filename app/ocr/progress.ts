/** What the recogniser is doing (tesseract.js's logger), for the dialog's progress bar. */
export interface OcrProgress {
  status: string;
  /** 0 to 1 within the current step. */
  progress: number;
}
