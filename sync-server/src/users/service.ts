import { randomUUID } from 'node:crypto';
import type { SubscriptionTier } from '@shared/user';
import { isUniqueViolation } from '../db/errors';
import type { Deps } from '../deps';
import { entitlementOf } from '../entitlements/service';
import type { Entitlement } from '../entitlements/service';
import { conflict } from '../http/errors';
import * as repo from './repo';
import type { UserRow } from './repo';

export const emailTaken = () =>
  conflict('An account with this email already exists', 'email_taken');

export function findUserById(deps: Deps, props: { id: string }): Promise<UserRow | undefined> {
  return repo.findUserById(deps.db, props.id);
}

export function findUserByEmail(
  deps: Deps,
  props: { email: string },
): Promise<UserRow | undefined> {
  return repo.findUserByEmail(deps.db, props.email);
}

/** Creates the account; a taken email (even in a race) is a 409. */
export async function createUser(
  deps: Deps,
  props: { email: string; passwordHash: string },
): Promise<UserRow> {
  const id = randomUUID();
  try {
    await repo.insertUser(deps.db, { id, ...props, createdAt: deps.now() });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  const user = await repo.findUserById(deps.db, id);
  if (!user) throw new Error('The new user row was not found');
  return user;
}

/**
 * Her tier now and when it ends. The single place that decides it, from her grant and her
 * purchases (entitlements/service.ts): an expired plan is free again at once.
 */
export async function entitlementOfUser(
  deps: Deps,
  props: { userId: string },
): Promise<Entitlement> {
  return entitlementOf(deps, props);
}

/** Her subscription tier now (see entitlementOfUser). */
export async function tierOf(deps: Deps, props: { userId: string }): Promise<SubscriptionTier> {
  return (await entitlementOf(deps, props)).tier;
}
