-- The sitemaps (server/search-engines/): each kind's visible rows in id order, with the time its
-- <lastmod> is read from, so a file of up to 50,000 URLs after a boundary id is one index-only range
-- scan, and the boundaries of the index one scan of the index, however large the tables grow.
CREATE INDEX movies_sitemap ON movies (id) INCLUDE (published_at, updated_at) WHERE status = 'published';
CREATE INDEX posts_sitemap ON posts (kind, id) INCLUDE (created_at) WHERE hidden_at IS NULL;
CREATE INDEX users_sitemap ON users (site_id, id) INCLUDE (created_at) WHERE hidden_at IS NULL AND post_count > 0;
