import { vi } from 'vitest';

export type Route = (request: { url: URL; body: unknown }) => Response | Promise<Response>;

/**
 * The API behind `fetch` for Settings tests: each route is `'{METHOD} {path}'`; any other
 * call is a JSON 404. `calls()` lists what the screen asked, as `'{METHOD} {url}'`.
 */
export function fakeAccountApi(routes: Record<string, Route>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const route = routes[`${init.method ?? 'GET'} ${url.pathname}`];
    if (!route) return Response.json({ message: 'Not found', code: 'not_found' }, { status: 404 });
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    return route({ url, body });
  });
  vi.stubGlobal('fetch', fetchMock);
  const calls = () =>
    fetchMock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`);
  const bodyOf = (call: string) => {
    const index = calls().indexOf(call);
    const init = fetchMock.mock.calls[index]?.[1];
    return typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
  };
  return { fetchMock, calls, bodyOf };
}

/** A fetch that never reaches the server (no network). */
export const offline: Route = () => Promise.reject(new TypeError('Failed to fetch'));
