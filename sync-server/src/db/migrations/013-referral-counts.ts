import type { Engine } from '../database';
import { run, withoutRowid } from './statements';
import type { MigrationDb } from './statements';

/**
 * The yearly count: crisis referral notifications per UTC day and kind
 * ('crisis_reply': the server stored a crisis reply; 'help_shown': a device showed a help
 * card), for the yearly totals California's SB 243 asks operators to report. Deliberately no
 * user, chat, message or device: a day, a kind and a number, nothing personal.
 */
export async function up(db: MigrationDb, engine: Engine): Promise<void> {
  // A day is YYYY-MM-DD: SQLite's GLOB, PostgreSQL's regular expression.
  const isDay =
    engine === 'sqlite'
      ? "day GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'"
      : "day ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'";
  await run(db, [
    `CREATE TABLE referral_counts (
      day TEXT NOT NULL CHECK (${isDay}),
      kind TEXT NOT NULL CHECK (kind IN ('crisis_reply', 'help_shown')),
      count INTEGER NOT NULL CHECK (count >= 0),
      PRIMARY KEY (day, kind)
    )${withoutRowid(engine)}`,
  ]);
}
