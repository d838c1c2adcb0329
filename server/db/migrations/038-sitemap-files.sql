-- The sitemaps' files, made ahead (server/search-engines/sitemaps.ts, server/db/sitemaps.ts): a
-- crawler's request reads one made file (its <url> lines, each <loc> the page's path alone, the
-- origin joined per request), never the 50,000 rows behind it. A kind is made again when its change
-- mark (migration 032) moves or its files are old: each file keeps its id range and a stamp of its
-- rows, so a make rewrites only the files whose rows changed (a new post: the last one).
-- site_id 0: a kind every site of the station shares; per_file: the files' size (50,000, smaller
-- in tests).
CREATE TABLE sitemap_files (
  kind text NOT NULL,
  site_id bigint NOT NULL,
  per_file integer NOT NULL,
  n integer NOT NULL,
  -- The range of ids (after_id, last_id]; after_id null: from the first. The last file takes every
  -- id after after_id: last_id is then the largest it held when made.
  after_id bigint,
  last_id bigint NOT NULL,
  rows integer NOT NULL,
  lastmod text,
  stamp text NOT NULL,
  body text NOT NULL,
  PRIMARY KEY (kind, site_id, per_file, n)
);

-- Per kind (and site, and size), the change mark its files were made at, and when.
CREATE TABLE sitemap_made (
  kind text NOT NULL,
  site_id bigint NOT NULL,
  per_file integer NOT NULL,
  mark text NOT NULL,
  made_at timestamptz NOT NULL,
  PRIMARY KEY (kind, site_id, per_file)
);

-- A made file finished for one origin of its site (the origin joined into every <loc>), gzipped as
-- crawlers fetch it: what a crawler's request reads once the file has been asked for on that
-- origin. Kept only for origins without a port of their own (a site's http and https origins, so a
-- Host header's port cannot multiply them), made again by the make that rewrites its file. version:
-- the made file's range and stamp it was finished from.
CREATE TABLE sitemap_served (
  kind text NOT NULL,
  site_id bigint NOT NULL,
  per_file integer NOT NULL,
  n integer NOT NULL,
  origin text NOT NULL,
  version text NOT NULL,
  gz bytea NOT NULL,
  PRIMARY KEY (kind, site_id, per_file, n, origin)
);
