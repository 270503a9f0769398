/** Made once: the sidebar labels every chat on each render, and a new formatter is slow. */
const SHORT_DATE = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });

/** The sidebar's date for a chat: 'Today', 'Yesterday', else a short date (spec §3). */
export function chatDateLabel(timestamp: string | null | undefined, now = new Date()): string {
  const time = timestamp ? new Date(timestamp) : null;
  if (!time || Number.isNaN(time.getTime())) return 'Today';
  const day = (date: Date) =>
    new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
  const days = Math.round((day(now) - day(time)) / 86_400_000);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  return SHORT_DATE.format(time);
}
