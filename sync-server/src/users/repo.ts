import type { Db } from '../db/database';
import { prepared } from '../db/prepared';

/** A users row. Holds the password hash: never send it, present it (users/present.ts). */
export interface UserRow {
  id: string;
  email: string;
  passwordHash: string;
  name: string | null;
  profileImage: string | null;
  ageRange: string | null;
  location: string | null;
  /** 'pink' | 'light' | 'dark', or null until she picks one (shown as null unless valid). */
  theme: string | null;
  createdAt: number;
  updatedAt: number;
}

const selectUsers = (db: Db) =>
  db
    .selectFrom('users')
    .select([
      'id',
      'email',
      'password_hash as passwordHash',
      'name',
      'profile_image as profileImage',
      'age_range as ageRange',
      'location',
      'theme',
      'created_at as createdAt',
      'updated_at as updatedAt',
    ]);

export async function insertUser(
  db: Db,
  user: Pick<UserRow, 'id' | 'email' | 'passwordHash' | 'createdAt'>,
): Promise<void> {
  await db
    .insertInto('users')
    .values({
      id: user.id,
      email: user.email,
      password_hash: user.passwordHash,
      created_at: user.createdAt,
      updated_at: user.createdAt,
    })
    .execute();
}

const userById = prepared((db, values: { id: string }) =>
  selectUsers(db).where('id', '=', values.id),
);

/** Read at every signed-in request: prepared once. */
export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return userById.executeTakeFirst(db, { id });
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return selectUsers(db).where('email', '=', email).executeTakeFirst();
}

/** The profile fields a change may set; an absent field stays as it is. */
export interface ProfileChanges {
  name?: string | null;
  ageRange?: string | null;
  location?: string | null;
  theme?: string;
  profileImage?: string | null;
}

/**
 * Sets the fields present in `changes` (and updated_at). Her other devices are to fetch her
 * account again: the caller tells them once the write has committed (users/profile.ts).
 */
export async function updateProfileFields(
  db: Db,
  props: { id: string; changes: ProfileChanges; updatedAt: number },
): Promise<void> {
  const { changes } = props;
  await db
    .updateTable('users')
    .set({
      ...(changes.name !== undefined && { name: changes.name }),
      ...(changes.ageRange !== undefined && { age_range: changes.ageRange }),
      ...(changes.location !== undefined && { location: changes.location }),
      ...(changes.theme !== undefined && { theme: changes.theme }),
      ...(changes.profileImage !== undefined && { profile_image: changes.profileImage }),
      updated_at: props.updatedAt,
    })
    .where('id', '=', props.id)
    .execute();
}
