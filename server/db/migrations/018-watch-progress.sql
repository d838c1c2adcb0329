-- Where each user is in each title they watched (docs/api.md, 观看历史): the episode, the second
-- reached in it and the episode's length, kept by the player's heartbeats (server/routes/points.ts)
-- and read as the user's watch history (server/routes/watch-history.ts) and by /movie/play to
-- resume. One row per user and title; the list reads a user's rows newest first.
CREATE TABLE watch_progress (
  user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  movie_id   integer NOT NULL REFERENCES movies (id) ON DELETE CASCADE,
  episode    integer NOT NULL DEFAULT 1 CHECK (episode >= 1),
  position_s real NOT NULL DEFAULT 0 CHECK (position_s >= 0),
  duration_s real NOT NULL DEFAULT 0 CHECK (duration_s >= 0),
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, movie_id)
);
CREATE INDEX watch_progress_user_recent ON watch_progress (user_id, updated_at DESC);
