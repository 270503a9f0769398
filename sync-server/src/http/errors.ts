import type { ApiErrorBody } from '@shared/api-error';
import type { FieldErrors } from '@shared/validation';

type Details = Omit<ApiErrorBody, 'message' | 'code'>;

/** An error meant for the client: its status, a stable snake_case code and a safe message. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Details = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  toBody(): ApiErrorBody {
    return { message: this.message, code: this.code, ...this.details };
  }
}

export const badRequest = (message = 'Bad request', code = 'bad_request') =>
  new AppError(400, code, message);

/** 400 with every field's first message; the answer's message is the first of them. */
export const validation = (fields: FieldErrors) =>
  new AppError(400, 'validation_error', Object.values(fields)[0] ?? 'Invalid request', {
    fields,
  });

export const invalidJson = () =>
  new AppError(400, 'invalid_json', 'The request body is not valid JSON');

export const unauthorized = (message = 'Not signed in', code = 'unauthorized') =>
  new AppError(401, code, message);

/** 402: a payment was refused or has not gone through. */
export const paymentRequired = (message: string, code = 'payment_required') =>
  new AppError(402, code, message);

export const forbidden = (message = 'Forbidden', code = 'forbidden') =>
  new AppError(403, code, message);

export const subscriptionRequired = (message = 'A subscription is required') =>
  new AppError(403, 'subscription_required', message, { requiresSubscription: true });

export const notFound = (message = 'Not found') => new AppError(404, 'not_found', message);

export const methodNotAllowed = () => new AppError(405, 'method_not_allowed', 'Method not allowed');

export const conflict = (message: string, code = 'conflict') => new AppError(409, code, message);

export const payloadTooLarge = (message = 'The request body is too large') =>
  new AppError(413, 'payload_too_large', message);

export const unsupportedMediaType = (message = 'Send the request body as JSON') =>
  new AppError(415, 'unsupported_media_type', message);

/** 421: the request named another host than PUBLIC_URL's (a rebound DNS name). */
export const misdirected = () =>
  new AppError(421, 'misdirected_request', 'This request was not addressed to Besties');

export const tooManyRequests = (
  retryAfterSeconds: number,
  message = 'Too many attempts. Please try again later.',
) => {
  const retryAfter = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError(
    429,
    'rate_limited',
    message,
    { retryAfter },
    {
      'Retry-After': String(retryAfter),
    },
  );
};

/** 502: a provider we depend on (Stripe) failed; our own state is unchanged. */
export const badGateway = (message: string, code = 'bad_gateway') =>
  new AppError(502, code, message);

export const serviceUnavailable = (message: string, code = 'service_unavailable') =>
  new AppError(503, code, message);

/** 503: too much work at once (password hashes, OCR); worth trying again in a second or so. */
export const serverBusy = (retryAfterSeconds = 1) =>
  new AppError(
    503,
    'busy',
    'The server is busy. Please try again in a moment.',
    {},
    { 'Retry-After': String(retryAfterSeconds) },
  );

/** 503: PostgreSQL is out of reach (stopped, restarting, full of connections); nothing changed. */
export const databaseUnavailable = () =>
  new AppError(
    503,
    'database_unavailable',
    'The database is not reachable right now. Please try again in a moment.',
    {},
    { 'Retry-After': '2' },
  );

export const internalError = () => new AppError(500, 'internal_error', 'Something went wrong');
