import { apiJson } from './client';

/**
 * GET /api/personas (spec §7): the answer as it came, for the persona picker to check (zod
 * stays off the chat screen's first load). Throws when no answer came, it was not OK, or not JSON.
 */
export function getPersonas(): Promise<unknown> {
  return apiJson<unknown>('GET', '/api/personas');
}
