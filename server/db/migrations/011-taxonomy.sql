-- The console edits the category tree, tags and featured collections, and keeps each site's hot
-- search words (docs/admin-api.md). Rows made in the console take ids from these sequences;
-- seeded ids stay far below (the seed only touches ids under 100000).
CREATE SEQUENCE category_ids START 1000000;
CREATE SEQUENCE tag_ids START 1000000;
CREATE SEQUENCE featured_ids START 1000000;

-- Tag names are unique whatever the case (the route key is the name).
CREATE UNIQUE INDEX tags_name_lower ON tags (lower(name));

-- The 热搜 of a site's search page, in the operator's order; pinned words come first whatever
-- else (a later list computed from search counts) fills the rest.
CREATE TABLE hot_words (
  id         serial PRIMARY KEY,
  site_id    integer NOT NULL REFERENCES sites (id),
  word       text NOT NULL CHECK (length(word) BETWEEN 1 AND 20),
  pinned     boolean NOT NULL DEFAULT false,
  sort       integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX hot_words_site_word ON hot_words (site_id, lower(word));
CREATE INDEX hot_words_site_order ON hot_words (site_id, pinned DESC, sort, id);
