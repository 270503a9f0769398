/** The desktop bar's rotating lines (spec §9: every 5 s). */
export const TEASER_INTERVAL_MS = 5000;

export const TEASERS = [
  'Cassie is online and ready to listen 💕',
  'Brooke has thoughts about that text he sent 👀',
  'Elena can help you think it through, one step at a time 🌙',
  'NeNe wants ALL the tea ☕',
  'Summer has cute date ideas for this weekend ☀️',
] as const;
