import type { Db } from '../db/open';

/** A users row. Holds the password hash: never send it, present it (users/present.ts). */
export interface UserRow {
  id: string;
  email: string;
  passwordHash: string;
  name: string | null;
  profileImage: string | null;
  ageRange: string | null;
  location: string | null;
  createdAt: number;
  updatedAt: number;
}

const COLUMNS = `id, email, password_hash AS passwordHash, name, profile_image AS profileImage,
  age_range AS ageRange, location, created_at AS createdAt, updated_at AS updatedAt`;

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

export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'SQLITE_CONSTRAINT_UNIQUE';
}
