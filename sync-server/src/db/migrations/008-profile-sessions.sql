-- Her profile and her devices.
-- users.theme: the theme she chose on her account ('pink', 'light', 'dark'), so a new device
-- starts in it; NULL until she picks one.
-- sessions.public_id: the id her devices list shows and DELETE /api/sessions/{id} takes (never
-- the cookie's secret or its hash); user_agent: as sent at sign-in (trimmed, at most 300
-- characters); last_seen_at: when the session was last used (written at most once a minute).

ALTER TABLE users ADD COLUMN theme TEXT CHECK (theme IS NULL OR theme IN ('pink', 'light', 'dark'));

ALTER TABLE sessions ADD COLUMN public_id TEXT;
ALTER TABLE sessions ADD COLUMN user_agent TEXT;
ALTER TABLE sessions ADD COLUMN last_seen_at INTEGER;

UPDATE sessions SET public_id = lower(hex(randomblob(16))), last_seen_at = created_at;

CREATE UNIQUE INDEX sessions_public_id ON sessions (public_id);
