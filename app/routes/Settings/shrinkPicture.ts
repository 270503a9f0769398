import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_TYPES } from '@shared/account';

/** The longest side of a picture shrunk on her device: plenty for a 256 px avatar. */
export const SHRUNK_MAX_SIDE = 1024;
/** Qualities tried in turn until the picture is under the size limit (spec §5). */
export const SHRINK_QUALITIES = [0.85, 0.7, 0.5] as const;

/** A decoded picture, ready to draw; `close` lets go of its memory. */
export interface DecodedPicture {
  width: number;
  height: number;
  source: CanvasImageSource;
  close(): void;
}

export interface ShrinkDeps {
  /** Null when the browser cannot read the file (a broken file, HEIC where it is not known). */
  decode(file: Blob): Promise<DecodedPicture | null>;
  /** The picture drawn at this size and encoded as `type`; null when the browser cannot. */
  encode(
    picture: DecodedPicture,
    size: { width: number; height: number },
    type: string,
    quality: number,
  ): Promise<Blob | null>;
}

/** Her picture scaled so its longest side is at most SHRUNK_MAX_SIDE, never enlarged. */
export function shrunkSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, SHRUNK_MAX_SIDE / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/**
 * A phone photo is often over the 5 MB limit (spec §5); the server keeps a 256 px square of it
 * anyway. A picture of an accepted type that is too large is decoded here, scaled down and
 * re-encoded (WebP, or JPEG where the browser cannot write WebP) until it is under the limit.
 * Anything else, or a file that cannot be read, is given back as it is: the spec's checks then
 * say what is wrong with it.
 */
export async function shrinkPicture(file: File, deps: ShrinkDeps = browserShrink): Promise<File> {
  const acceptedType = (PROFILE_IMAGE_TYPES as readonly string[]).includes(file.type);
  if (!acceptedType || file.size < PROFILE_IMAGE_MAX_BYTES) return file;
  const picture = await deps.decode(file).catch(() => null);
  if (!picture) return file;
  try {
    const size = shrunkSize(picture.width, picture.height);
    for (const type of ['image/webp', 'image/jpeg']) {
      for (const quality of SHRINK_QUALITIES) {
        const blob = await deps.encode(picture, size, type, quality).catch(() => null);
        // A browser that cannot write WebP gives a PNG instead: try JPEG.
        if (!blob || blob.type !== type) break;
        if (blob.size < PROFILE_IMAGE_MAX_BYTES) return asFile(blob, file.name, type);
      }
    }
    return file;
  } finally {
    picture.close();
  }
}

function asFile(blob: Blob, name: string, type: string): File {
  const extension = type === 'image/webp' ? '.webp' : '.jpg';
  const base = name.replace(/\.[^.]*$/, '') || 'profile';
  return new File([blob], base + extension, { type });
}

async function decodeInBrowser(file: Blob): Promise<DecodedPicture | null> {
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file);
      return {
        width: bitmap.width,
        height: bitmap.height,
        source: bitmap,
        close: () => bitmap.close(),
      };
    } catch {
      // Some browsers decode in an <img> what createImageBitmap refuses: try that.
    }
  }
  const url = URL.createObjectURL(file);
  const image = new Image();
  try {
    image.src = url;
    await image.decode();
  } catch {
    URL.revokeObjectURL(url);
    return null;
  }
  return {
    width: image.naturalWidth,
    height: image.naturalHeight,
    source: image,
    close: () => URL.revokeObjectURL(url),
  };
}

function encodeInBrowser(
  picture: DecodedPicture,
  size: { width: number; height: number },
  type: string,
  quality: number,
): Promise<Blob | null> {
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) return Promise.resolve(null);
  if (type === 'image/jpeg') {
    // JPEG has no transparency: a PNG's clear parts would turn black.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, size.width, size.height);
  }
  context.imageSmoothingQuality = 'high';
  context.drawImage(picture.source, 0, 0, size.width, size.height);
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

/** Decoding and encoding with the browser's own image code. */
export const browserShrink: ShrinkDeps = { decode: decodeInBrowser, encode: encodeInBrowser };
