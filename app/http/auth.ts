import type { PublicUser } from '@shared/user';
import type { LoginBody, RegisterBody } from '@shared/validation';
import { apiJson, getJsonOrNullOn401 } from './client';

export function login(body: LoginBody): Promise<PublicUser> {
  return apiJson<PublicUser>('POST', '/api/login', body);
}

export function register(body: RegisterBody): Promise<PublicUser> {
  return apiJson<PublicUser>('POST', '/api/register', body);
}

export async function logout(): Promise<void> {
  await apiJson<unknown>('POST', '/api/logout');
}

/** The signed-in user, or null when nobody is (the API answers 401). */
export function getCurrentUser(): Promise<PublicUser | null> {
  return getJsonOrNullOn401<PublicUser>('/api/user');
}
