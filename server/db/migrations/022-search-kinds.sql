-- The search index read one kind at a time: a GIN index per kind (a kind's search reads only its
-- own matches), and no btree for popularity or time (the matches, at most 10000, are ranked as read).
DROP INDEX search_docs_doc;
DROP INDEX search_docs_popular;
DROP INDEX search_docs_fresh;
CREATE INDEX search_docs_movie_doc ON search_docs USING gin (doc) WHERE kind = 'movie';
CREATE INDEX search_docs_post_doc ON search_docs USING gin (doc) WHERE kind = 'post';
CREATE INDEX search_docs_user_doc ON search_docs USING gin (doc) WHERE kind = 'user';
CREATE INDEX search_docs_tag_doc ON search_docs USING gin (doc) WHERE kind = 'tag';
