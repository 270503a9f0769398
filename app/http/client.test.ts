import { afterEach, describe, expect, it, vi } from 'vitest';
import { getCurrentUser } from './auth';
import { ApiError, apiJson, apiRequest, fieldErrorsFromApi, userMessageOf } from './client';

function mockFetch(response: Response) {
  const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function initOf(fetchMock: ReturnType<typeof mockFetch>): RequestInit {
  const init = fetchMock.mock.calls[0]?.[1];
  if (!init) throw new Error('fetch was not called with options');
  return init;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the API client', () => {
  it('always includes credentials', async () => {
    const fetchMock = mockFetch(new Response('{}', { status: 200 }));
    await apiRequest('GET', '/api/user');
    expect(initOf(fetchMock).credentials).toBe('include');
  });

  it('sends a JSON body as JSON with a JSON content type', async () => {
    const fetchMock = mockFetch(new Response('{}', { status: 200 }));
    await apiRequest('POST', '/api/login', { email: 'a@b.co', password: 'secret' });
    const init = initOf(fetchMock);
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(init.body).toBe('{"email":"a@b.co","password":"secret"}');
    expect(init.credentials).toBe('include');
  });

  it('sends FormData unchanged, with no content type of its own', async () => {
    const fetchMock = mockFetch(new Response('{}', { status: 200 }));
    const form = new FormData();
    form.append('image', new Blob(['x'], { type: 'image/png' }), 'shot.png');
    await apiRequest('POST', '/api/ocr', form);
    const init = initOf(fetchMock);
    expect(init.body).toBe(form);
    expect(init.headers).toBeUndefined();
    expect(init.credentials).toBe('include');
  });

  it('sends no body and no content type when there is no data', async () => {
    const fetchMock = mockFetch(new Response(null, { status: 200 }));
    await apiRequest('POST', '/api/logout');
    expect(initOf(fetchMock).body).toBeUndefined();
    expect(initOf(fetchMock).headers).toBeUndefined();
  });

  it('throws "{status}: {body}" for a non-OK answer, with the parsed JSON body', async () => {
    const body = { message: 'Invalid email or password', code: 'invalid_credentials' };
    mockFetch(new Response(JSON.stringify(body), { status: 401, statusText: 'Unauthorized' }));
    const error = await apiRequest('POST', '/api/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.message).toBe(`401: ${JSON.stringify(body)}`);
    expect(apiError.status).toBe(401);
    expect(apiError.body).toEqual(body);
    expect(userMessageOf(apiError, 'fallback')).toBe('Invalid email or password');
  });

  it('uses the status text when the error body is empty', async () => {
    mockFetch(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    const error = (await apiRequest('GET', '/api/user').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('503: Service Unavailable');
    expect(error.body).toBeNull();
    expect(userMessageOf(error, 'Please try again')).toBe('Please try again');
  });

  it('keeps a text body in the message and has no parsed body', async () => {
    mockFetch(new Response('Bad Gateway from proxy', { status: 502, statusText: 'Bad Gateway' }));
    const error = (await apiRequest('GET', '/api/user').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('502: Bad Gateway from proxy');
    expect(error.body).toBeNull();
  });

  it('exposes the field errors of a validation answer', async () => {
    const body = {
      message: 'Please enter a valid email address',
      code: 'validation_error',
      fields: { email: 'Please enter a valid email address' },
    };
    mockFetch(new Response(JSON.stringify(body), { status: 400 }));
    const error = await apiRequest('POST', '/api/register', {}).catch((e: unknown) => e);
    expect(fieldErrorsFromApi(error)).toEqual({ email: 'Please enter a valid email address' });
    expect(fieldErrorsFromApi(new Error('boom'))).toEqual({});
  });

  it('does not retry a failed call', async () => {
    const fetchMock = mockFetch(new Response('nope', { status: 500 }));
    await expect(apiRequest('GET', '/api/user')).rejects.toThrow('500: nope');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reads JSON answers', async () => {
    mockFetch(new Response('{"ok":true}', { status: 200 }));
    await expect(apiJson('POST', '/api/logout')).resolves.toEqual({ ok: true });
  });

  it('gives a null user on 401', async () => {
    const body = { message: 'Not signed in', code: 'unauthorized' };
    const fetchMock = mockFetch(new Response(JSON.stringify(body), { status: 401 }));
    await expect(getCurrentUser()).resolves.toBeNull();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/user');
  });

  it('gives the user when signed in, and throws on other failures', async () => {
    const user = { id: 'u1', email: 'a@b.co' };
    mockFetch(new Response(JSON.stringify(user), { status: 200 }));
    await expect(getCurrentUser()).resolves.toEqual(user);
    mockFetch(new Response('', { status: 500, statusText: 'Internal Server Error' }));
    await expect(getCurrentUser()).rejects.toThrow('500: Internal Server Error');
  });
});
