-- Movies become titles with 1..N episodes, each with its own video; the console edits every field
-- of a title and publishes, unpublishes or schedules it (docs/admin-api.md).

-- Titles made in the console take ids from here; seeded ids stay far below.
CREATE SEQUENCE movie_ids START 1000000;

ALTER TABLE movies
  ADD COLUMN cast_names    text[] NOT NULL DEFAULT '{}',
  ADD COLUMN directors     text[] NOT NULL DEFAULT '{}',
  -- Intro ends / outro starts at these seconds of every episode; NULL: no mark.
  ADD COLUMN intro_end_s   integer CHECK (intro_end_s > 0),
  ADD COLUMN outro_start_s integer CHECK (outro_start_s > 0),
  -- Visible to visitors only when 'published' and published_at <= now() (a future time schedules it).
  ADD COLUMN status        text NOT NULL DEFAULT 'published' CHECK (status IN ('draft', 'published', 'unpublished')),
  ADD COLUMN updated_at    timestamptz NOT NULL DEFAULT now();
CREATE INDEX movies_visible ON movies (published_at DESC, id DESC) WHERE status = 'published';

-- One row per episode; a film has exactly one (number 1). The video is an HLS directory under the
-- media root: <video>/index.m3u8 is the playlist (a master playlist over the ladder's rungs when
-- transcoded by the console's job; a single media playlist for older demo videos).
CREATE TABLE episodes (
  id          bigserial PRIMARY KEY,
  movie_id    integer NOT NULL REFERENCES movies (id) ON DELETE CASCADE,
  number      integer NOT NULL CHECK (number >= 1),
  title       text NOT NULL DEFAULT '',
  -- NULL until a video is ready.
  video       text,
  duration_s  integer NOT NULL DEFAULT 0 CHECK (duration_s >= 0),
  -- Heights of the ladder's rungs, ascending (e.g. {360,720}); empty for a single-rung video.
  rungs       integer[] NOT NULL DEFAULT '{}',
  -- 'waiting' (no video yet), 'processing' (a job runs), 'ready', 'failed'.
  state       text NOT NULL DEFAULT 'waiting' CHECK (state IN ('waiting', 'processing', 'ready', 'failed')),
  -- The pg-boss job making its video, its progress (0-100) and the reason it failed.
  job_id      text,
  progress    integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  failure     text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (movie_id, number)
);

-- Every existing title is a film of one episode with its video.
INSERT INTO episodes (movie_id, number, video, duration_s, state)
  SELECT id, 1, video, duration_s, 'ready' FROM movies;

-- The episodes hold the videos now; a title's duration_s stays the length its cards show (for a
-- series: one episode's).
ALTER TABLE movies DROP COLUMN video;
