-- A post's document carries its bands (server/search/bands.ts): the whole part of its popularity and
-- the month it was written (UTC), as words without a position, so the GIN index intersects a common
-- word with the most popular or the newest posts (server/search/search-query.ts, docs/search.md).
-- New documents are written with them (documents.ts); this gives them to the documents there are.
UPDATE search_docs
SET doc = doc || array_to_tsvector(ARRAY[
  '~p' || floor(popularity)::int,
  '~m' || to_char(created_at AT TIME ZONE 'UTC', 'YYYYMM')
])
WHERE kind = 'post';
