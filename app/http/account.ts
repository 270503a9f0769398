import type { DeleteAccountBody, EndSessionsAnswer, SessionsAnswer } from '@shared/account';
import { EXPORT_ZIP_PATH, exportFileName } from '@shared/account';
import { apiJson, apiRequest } from './client';

/** Her signed-in sessions, this one marked `current`. */
export function getSessions(): Promise<SessionsAnswer> {
  return apiJson<SessionsAnswer>('GET', '/api/sessions');
}

/** Signs one of her other devices out. */
export async function endSession(id: string): Promise<void> {
  await apiJson<unknown>('DELETE', `/api/sessions/${encodeURIComponent(id)}`);
}

/** Signs out every device of hers but this one. */
export function endOtherSessions(): Promise<EndSessionsAnswer> {
  return apiJson<EndSessionsAnswer>('DELETE', '/api/sessions');
}

export interface DataExport {
  blob: Blob;
  fileName: string;
}

/**
 * Everything of hers as one zip (the JSON file, each chat as Markdown, her images), named as
 * the server names it. Errors still come as JSON.
 */
export async function downloadExport(now: () => Date = () => new Date()): Promise<DataExport> {
  const response = await apiRequest('GET', EXPORT_ZIP_PATH, undefined, {
    accept: 'application/zip, application/json;q=0.5',
  });
  const blob = await response.blob();
  const fileName =
    fileNameOf(response.headers.get('Content-Disposition')) ?? exportFileName(now(), 'zip');
  return { blob, fileName };
}

/** Erases her account on the server (her password again and the word DELETE). */
export async function deleteAccount(body: DeleteAccountBody): Promise<void> {
  await apiJson<unknown>('DELETE', '/api/user', body);
}

/**
 * The file name in a Content-Disposition header (RFC 6266: `filename*=UTF-8''...` wins over
 * `filename="..."`), reduced to a plain name: no folders, no control characters.
 */
export function fileNameOf(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*utf-8''([^;]+)/i.exec(header)?.[1];
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(header);
  const name =
    (extended ? decoded(extended.trim()) : undefined) ??
    plain?.[1]?.replace(/\\(.)/g, '$1') ??
    plain?.[2];
  const base = [...(name?.split(/[/\\]/).pop() ?? '')]
    .filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f)
    .join('')
    .trim();
  return base && base !== '.' && base !== '..' ? base : null;
}

function decoded(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}
