-- Hot searches a crowd makes (server/search/hot-searches.ts), replacing the hourly counts of
-- migration 020, under which one device counted once every hour and one search made a word hot.
-- One row per site, folded keyword and device (the member's user) that searched it and found
-- something: `at`, when the device's searches last refreshed the row (at most once an hour), and
-- `network`, a keyed hash of the address it searched from then (an IPv6 client's /64), never the
-- address. A keyword is hot when enough rows of the last 24 hours, with enough distinct networks,
-- name it; older rows are deleted once an hour.
DROP TABLE search_counts;
DROP TABLE search_searchers;
CREATE TABLE search_searchers (
  site_id integer NOT NULL,
  keyword text COLLATE "C" NOT NULL,
  user_id integer NOT NULL,
  network text NOT NULL,
  at      timestamptz NOT NULL,
  PRIMARY KEY (site_id, keyword, user_id)
);
CREATE INDEX search_searchers_at ON search_searchers (at);

-- The key of the networks' hash: random, made once per store.
INSERT INTO server_keys (name, value)
  VALUES ('hot-search-salt', to_jsonb(md5(gen_random_uuid()::text || gen_random_uuid()::text)))
  ON CONFLICT (name) DO NOTHING;

-- Words an operator keeps out of a site's hot searches and of the suggestions made from them: a
-- keyword containing one (both folded as search folds text) is never shown.
CREATE TABLE hot_word_blocks (
  id         serial PRIMARY KEY,
  site_id    integer NOT NULL REFERENCES sites (id),
  word       text NOT NULL CHECK (length(word) BETWEEN 1 AND 40),
  folded     text NOT NULL CHECK (folded <> ''),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (site_id, folded)
);
