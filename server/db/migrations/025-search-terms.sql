-- The words of movies and users, one row per document and word (server/search/index-writes.ts),
-- kept with their documents in the same writes: a one-word search of those kinds reads its most
-- popular and newest matches, its total and each match's rank from these indexes alone (no
-- document is read but the page's), so its cost does not grow with the number of matches. `rank`
-- is ts_rank(doc, word) as PostgreSQL computes it (server/search/lexemes.ts oneWordRank); the
-- popularity and time are the document's. Posts have none: a million posts' bodies would be tens of
-- millions of rows, and their common words are served by walking search_docs in order (migration 023).
CREATE TABLE search_terms (
  kind       text NOT NULL CHECK (kind IN ('movie', 'user')),
  source_id  bigint NOT NULL,
  term       text COLLATE "C" NOT NULL,
  site_id    integer NOT NULL,
  rank       real NOT NULL,
  popularity real NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (kind, source_id, term)
);
CREATE INDEX search_terms_popular ON search_terms (kind, term, popularity DESC)
  INCLUDE (source_id, site_id, created_at, rank);
CREATE INDEX search_terms_fresh ON search_terms (kind, term, created_at DESC)
  INCLUDE (source_id, site_id, popularity, rank);
