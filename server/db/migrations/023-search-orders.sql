-- A kind's candidates are read in two orders, most popular and newest, each stopping after the
-- deepest page (server/search/search-query.ts): for a word in many documents the planner walks
-- these until it has enough matches, for a rare one it reads the GIN matches and sorts them.
CREATE INDEX search_docs_movie_popular ON search_docs (popularity DESC) WHERE kind = 'movie';
CREATE INDEX search_docs_movie_fresh ON search_docs (created_at DESC) WHERE kind = 'movie';
CREATE INDEX search_docs_post_popular ON search_docs (popularity DESC) WHERE kind = 'post';
CREATE INDEX search_docs_post_fresh ON search_docs (created_at DESC) WHERE kind = 'post';
CREATE INDEX search_docs_user_popular ON search_docs (popularity DESC) WHERE kind = 'user';
CREATE INDEX search_docs_user_fresh ON search_docs (created_at DESC) WHERE kind = 'user';
