const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A date and time in full, for a tooltip beside a relative time. */
export function longDate(iso: string, locale?: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone,
  }).format(date);
}

/**
 * When a device was last used, as she would say it: 'just now', '5 minutes ago',
 * 'yesterday', '3 days ago', then the date itself after a week.
 */
export function lastActiveLabel(iso: string, now: number, locale?: string): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return 'at an unknown time';
  const ago = Math.max(0, now - then);
  if (ago < MINUTE) return 'just now';
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (ago < HOUR) return relative.format(-Math.floor(ago / MINUTE), 'minute');
  if (ago < DAY) return relative.format(-Math.floor(ago / HOUR), 'hour');
  if (ago < 7 * DAY) return relative.format(-Math.floor(ago / DAY), 'day');
  return `on ${new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(then))}`;
}
