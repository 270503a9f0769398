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
