/**
 * Made once, on first use: the sidebar labels every chat on each render, and a new formatter is
 * slow. The page's first one costs far more (its locale data loading, slower still on a
 * mid-range phone), so it is not made as the chat screen's chunk runs: only a chat older than
 * yesterday needs it.
 */
let shortDate: Intl.DateTimeFormat | undefined;

/** The sidebar's date for a chat: 'Today', 'Yesterday', else a short date (spec §3). */
export function chatDateLabel(timestamp: string | null | undefined, now = new Date()): string {
  const time = timestamp ? new Date(timestamp) : null;
  if (!time || Number.isNaN(time.getTime())) return 'Today';
  const day = (date: Date) =>
    new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
  const days = Math.round((day(now) - day(time)) / 86_400_000);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  shortDate ??= new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
  return shortDate.format(time);
}

let clockTime: Intl.DateTimeFormat | undefined;
let fullDate: Intl.DateTimeFormat | undefined;

/**
 * When a message was sent, shown as she taps it: 'Today, 9:41 AM', 'Yesterday, …', a short
 * date this year, else one with its year. Formatters are made on her first tap, never as the
 * chat paints.
 */
export function messageTimeLabel(timestamp: string, now = new Date()): string {
  const time = new Date(timestamp);
  if (Number.isNaN(time.getTime())) return '';
  clockTime ??= new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
  fullDate ??= new Intl.DateTimeFormat(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });
  const day =
    time.getFullYear() === now.getFullYear()
      ? chatDateLabel(timestamp, now)
      : fullDate.format(time);
  return `${day}, ${clockTime.format(time)}`;
}
