/**
 * The yearly count: how many crisis referral notifications were issued,
 * counted per UTC day and kind, with nothing personal attached (no user, chat or message),
 * so the operator can report the year's totals as California's SB 243 asks. No zod here: the
 * app loads this with the chat screen; the request schemas are in ./referrals-schema.
 */

/**
 * What is counted: the server stored a crisis reply (`crisis_reply`), or a device showed a
 * help card (`help_shown`): the help card after a message read as a crisis on the device, the
 * 'Get help now' dialog, or the crisis resources beside a crisis reply.
 */
export const REFERRAL_KINDS = ['crisis_reply', 'help_shown'] as const;
export type ReferralKind = (typeof REFERRAL_KINDS)[number];

/** Help shown that one report (a mutation or a visitor's request) may carry for one day. */
export const HELP_SHOWN_MAX_COUNT = 1000;

/**
 * The oldest day a device may still report help shown on: a device offline longer than this
 * (or with a clock far off) has its count refused, final, rather than counted in a year
 * already reported.
 */
export const HELP_SHOWN_MAX_AGE_DAYS = 400;

/**
 * A day ahead of the server is refused, but a device clock up to this much fast is forgiven
 * (a card shown at 23:59 on a clock a few minutes ahead is tomorrow's on the device).
 */
export const HELP_SHOWN_CLOCK_SKEW_MS = 60 * 60 * 1000;

/** The visitor's way in (a signed-in device counts through its outbox: countHelpShown). */
export const HELP_SHOWN_PATH = '/api/safety/help-shown';

/** A day as counted: `YYYY-MM-DD`, in UTC. */
export type UtcDay = string;

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day of a moment (milliseconds since the epoch), e.g. `2027-03-14`. */
export function utcDay(at: number): UtcDay {
  return new Date(at).toISOString().slice(0, 10);
}

/** True for `YYYY-MM-DD` naming a day that exists (not `2027-02-30`). */
export function isUtcDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const at = Date.parse(`${text}T00:00:00Z`);
  return Number.isFinite(at) && utcDay(at) === text;
}

/** The body of POST /api/safety/help-shown: help shown on a visitor's device on one day. */
export interface HelpShownBody {
  day: UtcDay;
  count: number;
}
