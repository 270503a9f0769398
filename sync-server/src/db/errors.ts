/**
 * Whether PostgreSQL refused a value the client sent (its class 22, "data exception": a NUL
 * character in text, a number out of range): a bad request, where SQLite stores it or fails
 * the same way.
 */
export function isRefusedValue(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}

/** Whether a write failed because a row with that key or unique value already exists. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  // SQLite's codes, and PostgreSQL's unique_violation.
  return (
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    code === '23505'
  );
}
