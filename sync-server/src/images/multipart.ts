import { Writable } from 'node:stream';
import formidable, { errors as formidableErrors } from 'formidable';
import type { File } from 'formidable';
import { IMAGE_FIELD, IMAGE_MAX_BYTES, OCR_ERRORS } from '@shared/ocr-api';
import { badRequest, payloadTooLarge, unsupportedMediaType, validation } from '../http/errors';
import type { AppError } from '../http/errors';
import type { AppContext } from '../http/types';

/** Room for the text fields and the multipart framing around the file. */
const FIELDS_MAX_BYTES = 64 * 1024;
const FIELDS_MAX = 10;

export interface ImageForm {
  /** The file's bytes as sent; nothing about it is trusted yet. */
  image: Buffer;
  /** The text fields (the last value of each). */
  fields: Record<string, string>;
}

export const imageTooLarge = () => payloadTooLarge(OCR_ERRORS.tooLarge);

/** Which field holds the file, its byte limit and the words for its refusals. */
export interface ImageFormOptions {
  field: string;
  maxBytes: number;
  tooLarge: () => AppError;
  noImage: string;
}

const SCREENSHOT_FORM: ImageFormOptions = {
  field: IMAGE_FIELD,
  maxBytes: IMAGE_MAX_BYTES,
  tooLarge: imageTooLarge,
  noImage: OCR_ERRORS.noImage,
};

/**
 * Reads a multipart body with one file in the `image` field, in memory (never a temporary
 * file), refusing more than IMAGE_MAX_BYTES while it streams. Its name and Content-Type are
 * ignored: only its bytes are looked at later.
 */
export async function readImageForm(
  ctx: AppContext,
  options: ImageFormOptions = SCREENSHOT_FORM,
): Promise<ImageForm> {
  const { field, maxBytes, tooLarge } = options;
  if (!ctx.request.is('multipart/form-data')) {
    throw unsupportedMediaType(`Send the image as multipart/form-data in the field '${field}'`);
  }
  const declared = Number(ctx.get('Content-Length'));
  if (Number.isFinite(declared) && declared > maxBytes + FIELDS_MAX_BYTES) {
    throw tooLarge();
  }
  const chunks = new Map<object | undefined, Buffer[]>();
  const form = formidable({
    maxFiles: 1,
    maxFileSize: maxBytes,
    maxTotalFileSize: maxBytes,
    maxFields: FIELDS_MAX,
    maxFieldsSize: FIELDS_MAX_BYTES,
    allowEmptyFiles: true,
    minFileSize: 0,
    fileWriteStreamHandler: (file) => memoryStream(chunks, file),
  });
  let parsed: [formidable.Fields, formidable.Files];
  try {
    parsed = await form.parse(ctx.req);
  } catch (error) {
    throw formError(error, tooLarge);
  }
  const [fields, files] = parsed;
  const file: File | undefined = files[field]?.[0];
  if (!file) throw validation({ [field]: options.noImage });
  return {
    image: Buffer.concat(chunks.get(file) ?? []),
    fields: Object.fromEntries(
      Object.entries(fields).flatMap(([name, values]) =>
        values && values.length > 0 ? [[name, values[values.length - 1] ?? '']] : [],
      ),
    ),
  };
}

function memoryStream(
  chunks: Map<object | undefined, Buffer[]>,
  key: object | undefined,
): Writable {
  const parts: Buffer[] = [];
  chunks.set(key, parts);
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      parts.push(chunk);
      done();
    },
  });
}

/** Formidable's errors as our answers (its own messages carry sizes and internals). */
function formError(error: unknown, tooLarge: () => AppError) {
  const { code, httpCode } = (error ?? {}) as { code?: unknown; httpCode?: unknown };
  if (
    httpCode === 413 ||
    code === formidableErrors.biggerThanMaxFileSize ||
    code === formidableErrors.biggerThanTotalMaxFileSize
  ) {
    return tooLarge();
  }
  if (code === formidableErrors.maxFilesExceeded) {
    return badRequest('Send one image at a time', 'too_many_files');
  }
  if (
    code === formidableErrors.maxFieldsExceeded ||
    code === formidableErrors.maxFieldsSizeExceeded
  ) {
    return payloadTooLarge('Too many or too large form fields');
  }
  return badRequest('The upload could not be read', 'invalid_multipart');
}
