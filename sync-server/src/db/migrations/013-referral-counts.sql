-- The yearly count: crisis referral notifications per UTC day and kind
-- ('crisis_reply': the server stored a crisis reply; 'help_shown': a device showed a help
-- card), for the yearly totals California's SB 243 asks operators to report. Deliberately no
-- user, chat, message or device: a day, a kind and a number, nothing personal.
CREATE TABLE referral_counts (
  day TEXT NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  kind TEXT NOT NULL CHECK (kind IN ('crisis_reply', 'help_shown')),
  count INTEGER NOT NULL CHECK (count >= 0),
  PRIMARY KEY (day, kind)
) WITHOUT ROWID;
