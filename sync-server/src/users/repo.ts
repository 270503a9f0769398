import type { LegacyDb as Db } from '../db/open';
import { changeFeed } from '../sync/notify';

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

const COLUMNS = `id, email, password_hash AS passwordHash, name, profile_image AS profileImage,
  age_range AS ageRange, location, theme, created_at AS createdAt, updated_at AS updatedAt`;

export function insertUser(
  db: Db,
  user: Pick<UserRow, 'id' | 'email' | 'passwordHash' | 'createdAt'>,
): void {
  db.prepare(
    `INSERT INTO users (id, email, password_hash, created_at, updated_at)
     VALUES (@id, @email, @passwordHash, @createdAt, @createdAt)`,
  ).run(user);
}

export function findUserById(db: Db, id: string): UserRow | undefined {
  return db.prepare<[string], UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = ?`).get(id);
}

export function findUserByEmail(db: Db, email: string): UserRow | undefined {
  return db.prepare<[string], UserRow>(`SELECT ${COLUMNS} FROM users WHERE email = ?`).get(email);
}

/** The profile fields a change may set; an absent field stays as it is. */
export interface ProfileChanges {
  name?: string | null;
  ageRange?: string | null;
  location?: string | null;
  theme?: string;
  profileImage?: string | null;
}

const PROFILE_COLUMNS: Record<keyof ProfileChanges, string> = {
  name: 'name',
  ageRange: 'age_range',
  location: 'location',
  theme: 'theme',
  profileImage: 'profile_image',
};

/** Sets the fields present in `changes` (and updated_at). */
export function updateProfileFields(
  db: Db,
  props: { id: string; changes: ProfileChanges; updatedAt: number },
): void {
  const keys = (Object.keys(PROFILE_COLUMNS) as Array<keyof ProfileChanges>).filter(
    (key) => props.changes[key] !== undefined,
  );
  const sets = [
    ...keys.map((key) => `${PROFILE_COLUMNS[key]} = @${key}`),
    'updated_at = @updatedAt',
  ];
  const values: Record<string, unknown> = { id: props.id, updatedAt: props.updatedAt };
  for (const key of keys) values[key] = props.changes[key];
  db.prepare(`UPDATE users SET ${sets.join(', ')} WHERE id = @id`).run(values);
  // Her other devices fetch her account again (GET /api/sync/events).
  changeFeed(db).changed(props.id, 'account');
}
