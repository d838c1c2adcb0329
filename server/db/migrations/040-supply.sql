-- Collection (资源采集): titles collected from MacCMS v10 sources (server/supply/, docs/collection.md).
-- Titles are the station group's, so sources are too (not a site's).

-- A source an operator collects from: its API URL (…/api.php/provide/vod), JSON or XML, an optional
-- key (sent as ?key=), whether collected titles land as drafts for review or published at once, and
-- an optional schedule (a 最近 24 小时 run every `every_hours`).
CREATE TABLE supply_sources (
  id            serial PRIMARY KEY,
  name          text NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 40),
  api_url       text NOT NULL CHECK (length(api_url) BETWEEN 1 AND 500),
  format        text NOT NULL DEFAULT 'json' CHECK (format IN ('json', 'xml')),
  api_key       text CHECK (api_key IS NULL OR length(api_key) BETWEEN 1 AND 128),
  enabled       boolean NOT NULL DEFAULT true,
  land_as       text NOT NULL DEFAULT 'draft' CHECK (land_as IN ('draft', 'published')),
  every_hours   integer CHECK (every_hours BETWEEN 1 AND 720),
  -- When the schedule last queued a run (NULL: never).
  scheduled_at  timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);

-- A source's type ids mapped to local categories; a type without a row is skipped.
CREATE TABLE supply_type_map (
  source_id    integer NOT NULL REFERENCES supply_sources (id) ON DELETE CASCADE,
  type_id      integer NOT NULL,
  type_name    text NOT NULL DEFAULT '',
  category_id  integer NOT NULL REFERENCES categories (id),
  PRIMARY KEY (source_id, type_id)
);

-- A collection run: 全部 ('all'), 最近 24 小时 ('day'), 最近一周 ('week') or a list of ids ('ids'),
-- one pg-boss job reading the source page by page; `page` is the last page written whole, so a run
-- paused or killed goes on from the next one.
CREATE TABLE supply_runs (
  id              bigserial PRIMARY KEY,
  source_id       integer NOT NULL REFERENCES supply_sources (id) ON DELETE CASCADE,
  mode            text NOT NULL CHECK (mode IN ('all', 'day', 'week', 'ids')),
  ids             text[] NOT NULL DEFAULT '{}',
  -- queued → running → done | failed; running → paused (asked by pause_requested) → queued again.
  state           text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'paused', 'done', 'failed')),
  pause_requested boolean NOT NULL DEFAULT false,
  page            integer NOT NULL DEFAULT 0 CHECK (page >= 0),
  page_count      integer,
  added           integer NOT NULL DEFAULT 0,
  updated         integer NOT NULL DEFAULT 0,
  skipped         integer NOT NULL DEFAULT 0,
  failed          integer NOT NULL DEFAULT 0,
  failure         text,
  job_id          text,
  -- The operator who started it; NULL for a scheduled run.
  operator_id     integer REFERENCES operators (id) ON DELETE SET NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  started_at      timestamptz,
  finished_at     timestamptz
);
CREATE INDEX supply_runs_source ON supply_runs (source_id, id DESC);
-- One run of a source at a time: two starts at the same instant cannot both queue one.
CREATE UNIQUE INDEX supply_runs_one_active ON supply_runs (source_id) WHERE state IN ('queued', 'running');

-- A run's log: one row per item read, with what happened to it and why.
CREATE TABLE supply_run_items (
  id        bigserial PRIMARY KEY,
  run_id    bigint NOT NULL REFERENCES supply_runs (id) ON DELETE CASCADE,
  page      integer NOT NULL,
  vod_id    text NOT NULL,
  name      text NOT NULL DEFAULT '',
  outcome   text NOT NULL CHECK (outcome IN ('added', 'updated', 'skipped', 'failed')),
  reason    text NOT NULL DEFAULT '',
  movie_id  integer REFERENCES movies (id) ON DELETE SET NULL,
  at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX supply_run_items_run ON supply_run_items (run_id, id);

-- The titles a source gave: a title is matched on (source, vod_id) first, then on its normalised
-- name and year (movies_match), so one title collected from two sources is one title.
-- `vod_time`: the source's vod_time when last written (an unchanged item is skipped).
CREATE TABLE supply_links (
  source_id  integer NOT NULL REFERENCES supply_sources (id) ON DELETE CASCADE,
  vod_id     text NOT NULL,
  movie_id   integer NOT NULL REFERENCES movies (id) ON DELETE CASCADE,
  vod_time   text NOT NULL DEFAULT '',
  PRIMARY KEY (source_id, vod_id)
);
CREATE INDEX supply_links_movie ON supply_links (movie_id);

-- A title's name as matching reads it (server/supply/, normalisedName): NULL for titles made here.
ALTER TABLE movies ADD COLUMN match_name text;
CREATE INDEX movies_match ON movies (match_name, year) WHERE match_name IS NOT NULL;

-- 播放源: a title's external play sources (a collected source's vod_play_from, e.g. 'ffm3u8'), in
-- the order viewers are offered them, each with its episodes' https HLS URLs.
CREATE TABLE play_sources (
  id         bigserial PRIMARY KEY,
  movie_id   integer NOT NULL REFERENCES movies (id) ON DELETE CASCADE,
  source_id  integer REFERENCES supply_sources (id) ON DELETE SET NULL,
  flag       text NOT NULL,
  name       text NOT NULL,
  position   integer NOT NULL DEFAULT 0,
  UNIQUE (movie_id, source_id, flag)
);
CREATE INDEX play_sources_movie ON play_sources (movie_id, position, id);

CREATE TABLE play_source_episodes (
  play_source_id  bigint NOT NULL REFERENCES play_sources (id) ON DELETE CASCADE,
  number          integer NOT NULL CHECK (number >= 1),
  title           text NOT NULL DEFAULT '',
  url             text NOT NULL CHECK (length(url) <= 2000),
  PRIMARY KEY (play_source_id, number)
);

-- An episode is 'ready' when it plays: from its own ladder (video), from a 播放源 (video NULL), or both.
