export type {
  BusinessCardData,
  DocumentData,
  EnhancedOcrAnswer,
  GeneralData,
  OcrAnswer,
  OcrForm,
  ReceiptData,
  SocialMediaData,
  UploadAnswer,
} from './ocr-api-schema';

/**
 * The screenshot API (spec §7): three multipart POSTs and the image they store.
 * Every route needs a signed-in user (else 401). Errors are `{ message, code, ...details }`
 * (shared/api-error.ts); the ones these routes add are in OCR_ERRORS.
 *
 *   POST /api/ocr            fields: image, analysisType? -> OcrAnswer
 *   POST /api/ocr/enhanced   fields: image, analysisType? -> EnhancedOcrAnswer (subscribers; else 403)
 *   POST /api/ocr/upload     fields: image, text?, analysisType?; query ?ocr=false -> UploadAnswer
 *   GET  /api/images/{id}    the stored image, only to its owner (anyone else: 404)
 *
 * Paths, limits and words are here, without zod (the app's sync engine uploads images); the
 * answers' schemas are in ./ocr-api-schema.
 */
export const OCR_PATH = '/api/ocr';
export const ENHANCED_OCR_PATH = '/api/ocr/enhanced';
export const OCR_UPLOAD_PATH = '/api/ocr/upload';
/** `imageUrl` of every answer has this shape: `/api/images/{id}` (same origin, with cookies). */
export const IMAGES_PATH = '/api/images';
export const imageUrlOf = (id: string) => `${IMAGES_PATH}/${id}`;
/** The id the server made for a stored image: 22 characters of base64url. */
export const IMAGE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** The multipart field of the file, on all three routes. */
export const IMAGE_FIELD = 'image';
/**
 * POST /api/ocr/upload?ocr=false stores the image without reading it (an image made offline,
 * whose text the device already read): the answer's `text` is the `text` field sent (or '')
 * and `enhancedResult` is null. Any other value (or none) reads the image on the server.
 */
export const SKIP_OCR_QUERY = 'ocr=false';

/** Limits of an uploaded image (checked on the server by its bytes, never by name or type). */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_MAX_PIXELS = 40_000_000;
/** What the server accepts, recognised by the file's first bytes. */
export const IMAGE_INPUT_FORMATS = ['png', 'jpeg', 'gif', 'webp'] as const;
/** What the server stores and serves (re-encoded, metadata removed): a JPEG becomes WebP. */
export const STORED_IMAGE_TYPES = { png: 'image/png', webp: 'image/webp' } as const;

/** Spec §5/§8 words and the other messages these routes answer with. */
export const OCR_ERRORS = {
  /** 415 unsupported_media_type: not a PNG, JPEG, GIF or WebP by its bytes (or unreadable). */
  notAnImage: 'Please select an image file (PNG, JPG, GIF)',
  /** 413 payload_too_large: the file (or the whole request) is over IMAGE_MAX_BYTES. */
  tooLarge: 'Image must be 10 MB or smaller',
  /** 413 payload_too_large: width × height over IMAGE_MAX_PIXELS (refused before decoding). */
  tooManyPixels: 'Image must be 40 megapixels or smaller',
  /** 400 validation_error (fields.image): no file in the `image` field. */
  noImage: 'Please select an image file (PNG, JPG, GIF)',
  /** 403 subscription_required with `requiresSubscription: true` (enhanced, free tier). */
  subscriptionRequired: 'Enhanced OCR analysis requires a subscription',
  /** 500 ocr_failed: the recogniser failed; the dialog shows its own words (spec §8). */
  failed: 'Failed to process image',
} as const;
/*
 * Also: 429 rate_limited with Retry-After (too many uploads in an hour, or, for analysis, her
 * plan's hourly reply limit: enhanced analysis counts as a reply), 401 unauthorized.
 */
