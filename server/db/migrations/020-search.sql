-- One search index over movies, posts of every kind, users and tags (docs/search.md), kept in
-- step with its sources in the transaction of each write (server/search/). Only what visitors may
-- see is in it: a hidden, held, deleted, draft or unpublished item has no row.

CREATE TABLE search_docs (
  kind       text NOT NULL CHECK (kind IN ('movie', 'post', 'user', 'tag')),
  source_id  bigint NOT NULL,
  -- 0: every site (movies, posts and tags are the station group's); a user's own site otherwise.
  site_id    integer NOT NULL DEFAULT 0,
  title      text NOT NULL,
  -- The title folded (Traditional → Simplified, lower case, spaces collapsed): exact matches and
  -- prefixes, compared byte-wise.
  title_key  text COLLATE "C" NOT NULL,
  -- Plain text the excerpts of post hits are cut from (a priced post: its summary only).
  body       text NOT NULL DEFAULT '',
  tags       text[] NOT NULL DEFAULT '{}',
  -- The title's full pinyin without tones or spaces, and its initials (zhongguojizhang, zgjz).
  pinyin     text COLLATE "C" NOT NULL DEFAULT '',
  initials   text COLLATE "C" NOT NULL DEFAULT '',
  popularity real NOT NULL DEFAULT 0,
  -- When it shows: a movie's publication (a scheduled one waits), a post's or user's creation.
  created_at timestamptz NOT NULL,
  -- The segmented, folded words as `simple` lexemes (no stemming): title, pinyin and nickname at
  -- weight A, tags, cast and directors at B, the body at D.
  doc        tsvector NOT NULL,
  PRIMARY KEY (kind, source_id)
);
CREATE INDEX search_docs_doc ON search_docs USING gin (doc);
-- Ranking candidates by popularity and by freshness, and the exact title match.
CREATE INDEX search_docs_popular ON search_docs (kind, popularity DESC);
CREATE INDEX search_docs_fresh ON search_docs (kind, created_at DESC);
CREATE INDEX search_docs_title ON search_docs (title_key, kind);

-- Suggestions as the user types: every prefix of up to 3 characters of the folded titles,
-- nicknames and tag names, their pinyin and initials (movies, users and tags), ranked by
-- popularity; longer prefixes are served by the range scans of the partial indexes below.
CREATE TABLE search_prefixes (
  prefix     text COLLATE "C" NOT NULL,
  kind       text NOT NULL,
  source_id  bigint NOT NULL,
  site_id    integer NOT NULL,
  popularity real NOT NULL,
  PRIMARY KEY (kind, source_id, prefix)
);
CREATE INDEX search_prefixes_lookup ON search_prefixes (prefix, popularity DESC);
CREATE INDEX search_docs_title_prefix ON search_docs (title_key) WHERE kind <> 'post';
CREATE INDEX search_docs_pinyin_prefix ON search_docs (pinyin) WHERE kind <> 'post' AND pinyin <> '';
CREATE INDEX search_docs_initials_prefix ON search_docs (initials) WHERE kind <> 'post' AND initials <> '';

-- Hot searches: how many searchers searched a folded keyword per site and hour. A searcher (a
-- hashed address) counts once per keyword and hour, so one device cannot make a word hot alone.
CREATE TABLE search_counts (
  site_id integer NOT NULL,
  keyword text COLLATE "C" NOT NULL,
  hour    timestamptz NOT NULL,
  count   integer NOT NULL DEFAULT 0,
  PRIMARY KEY (site_id, hour, keyword)
);
CREATE INDEX search_counts_keyword ON search_counts (site_id, keyword, hour);
CREATE TABLE search_searchers (
  site_id  integer NOT NULL,
  keyword  text COLLATE "C" NOT NULL,
  hour     timestamptz NOT NULL,
  searcher text NOT NULL,
  PRIMARY KEY (site_id, hour, keyword, searcher)
);
