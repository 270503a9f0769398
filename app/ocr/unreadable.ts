/**
 * The picked file is no picture the browser can decode (garbage bytes named .png, a format it
 * does not know): the dialog shows the failure words instead of a preview that cannot be drawn.
 * Its own module, so the dialog knows it without loading the reader.
 */
export class UnreadableImageError extends Error {
  constructor(cause: unknown) {
    super('The image could not be decoded', { cause });
    this.name = 'UnreadableImageError';
  }
}
