// This folder is app/http, not app/api: Vite serves app/ at the site root, and the dev server
// proxies every URL starting with /api to the API server, so /api/client.ts would never load.

import type { ApiErrorBody } from '@shared/api-error';

/**
 * A non-OK answer from the API. Its message is `"{status}: {body text or status text}"`
 * (spec §7, §8); `body` is the parsed `{ message, code, ...details }` when the body was JSON.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody | null;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = parseErrorBody(bodyText);
  }
}

function parseErrorBody(text: string): ApiErrorBody | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && 'message' in value) {
      const body = value as Partial<ApiErrorBody>;
      if (typeof body.message === 'string') {
        return { ...body, message: body.message, code: String(body.code ?? '') };
      }
    }
  } catch {
    // Not JSON (a proxy's HTML page, say): the text is still in the error message.
  }
  return null;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

let unauthorized: (() => void) | undefined;

/**
 * Told of every 401 answer: her session may have ended. While she is signed in, the sync
 * (app/sync/runtime.ts) listens, and asks who she is.
 */
export function onUnauthorized(listener: () => void): void {
  unauthorized = listener;
}

/**
 * One call to the API: cookies always included, a JSON body sent as JSON, FormData sent
 * unchanged (the browser sets its multipart boundary). No retries. Throws ApiError when not OK.
 */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  data?: unknown,
  options: { accept?: string; signal?: AbortSignal } = {},
): Promise<Response> {
  const init: RequestInit = { method, credentials: 'include', signal: options.signal };
  const headers: Record<string, string> = options.accept ? { Accept: options.accept } : {};
  if (data instanceof FormData) {
    init.body = data;
  } else if (data !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(data);
  }
  if (Object.keys(headers).length > 0) init.headers = headers;
  const response = await fetch(url, init);
  if (!response.ok) {
    if (response.status === 401) unauthorized?.();
    const text = await response.text().catch(() => '');
    throw new ApiError(response.status, response.statusText, text);
  }
  return response;
}

/** Sends a request and reads the answer as JSON (undefined when the answer has no body). */
export async function apiJson<T>(method: HttpMethod, url: string, data?: unknown): Promise<T> {
  const response = await apiRequest(method, url, data);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A GET whose 401 means "nobody is signed in" rather than a failure (spec §7 default query). */
export async function getJsonOrNullOn401<T>(url: string): Promise<T | null> {
  try {
    return await apiJson<T>('GET', url);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** The words to show her: the API's own `message` when it sent one, else the fallback. */
export function userMessageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.body?.message) return error.body.message;
  return fallback;
}

/** Field errors from a 400 validation answer (`fields: { email: '...' }`), else none. */
export function fieldErrorsFromApi(error: unknown): Record<string, string> {
  if (error instanceof ApiError && error.body?.fields) return { ...error.body.fields };
  return {};
}

/**
 * Why a call failed, as the code above the HTTP layer needs it (never raw status codes):
 * no network, signed out, refused for good (4xx: retrying the same call gives the same
 * answer), or a server that may answer later (5xx).
 */
export type ApiFailure =
  | { kind: 'offline' }
  | { kind: 'signed-out' }
  | { kind: 'refused'; message: string; requiresSubscription: boolean }
  | { kind: 'server'; message: string };

/** True for a request that got no answer at all (no network, or it dropped): fetch's TypeError. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError;
}

export function failureOf(error: unknown): ApiFailure {
  if (!(error instanceof ApiError)) return { kind: 'offline' };
  if (error.status === 401) return { kind: 'signed-out' };
  const message = error.body?.message ?? error.message;
  if (error.status >= 500) return { kind: 'server', message };
  return {
    kind: 'refused',
    message,
    requiresSubscription: Boolean(error.body?.requiresSubscription),
  };
}
