-- What the sitemaps show changes (server/search-engines/sitemaps.ts): a write that adds, removes or
-- hides a row a sitemap lists, or moves its lastmod, advances its kind's sequence; every process
-- looks at the sequences every few seconds and reads anew the files of a kind whose sequence moved.
-- Sequences, not a row of counts: the writing transaction takes no lock, however many write at once
-- (and a bulk insert advances its sequence once, by statement). The posts' three kinds share one.
CREATE SEQUENCE sitemap_movies_changes;
CREATE SEQUENCE sitemap_posts_changes;
CREATE SEQUENCE sitemap_tags_changes;
CREATE SEQUENCE sitemap_users_changes;

CREATE FUNCTION sitemap_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval(TG_ARGV[0]);
  RETURN NULL;
END;
$$;

CREATE TRIGGER movies_sitemap_rows AFTER INSERT OR DELETE ON movies
  FOR EACH STATEMENT EXECUTE FUNCTION sitemap_changed('sitemap_movies_changes');
CREATE TRIGGER movies_sitemap_update AFTER UPDATE OF status, published_at, updated_at ON movies
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.published_at IS DISTINCT FROM NEW.published_at
    OR OLD.updated_at IS DISTINCT FROM NEW.updated_at)
  EXECUTE FUNCTION sitemap_changed('sitemap_movies_changes');

CREATE TRIGGER posts_sitemap_rows AFTER INSERT OR DELETE ON posts
  FOR EACH STATEMENT EXECUTE FUNCTION sitemap_changed('sitemap_posts_changes');
CREATE TRIGGER posts_sitemap_update AFTER UPDATE OF hidden_at, kind, created_at ON posts
  FOR EACH ROW WHEN ((OLD.hidden_at IS NULL) <> (NEW.hidden_at IS NULL) OR OLD.kind <> NEW.kind
    OR OLD.created_at <> NEW.created_at)
  EXECUTE FUNCTION sitemap_changed('sitemap_posts_changes');

-- A tag is listed while it carries a visible item (its kept item_count), under its key.
CREATE TRIGGER tags_sitemap_rows AFTER INSERT OR DELETE ON tags
  FOR EACH STATEMENT EXECUTE FUNCTION sitemap_changed('sitemap_tags_changes');
CREATE TRIGGER tags_sitemap_update AFTER UPDATE OF item_count, key ON tags
  FOR EACH ROW WHEN ((OLD.item_count > 0) <> (NEW.item_count > 0) OR OLD.key <> NEW.key)
  EXECUTE FUNCTION sitemap_changed('sitemap_tags_changes');

-- An author is listed once they have a post shown and while they are not hidden: a visitor's device
-- signing in (a new user without posts) changes nothing.
CREATE TRIGGER users_sitemap_insert AFTER INSERT ON users
  FOR EACH ROW WHEN (NEW.post_count > 0 AND NEW.hidden_at IS NULL)
  EXECUTE FUNCTION sitemap_changed('sitemap_users_changes');
CREATE TRIGGER users_sitemap_delete AFTER DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION sitemap_changed('sitemap_users_changes');
CREATE TRIGGER users_sitemap_update AFTER UPDATE OF hidden_at, post_count ON users
  FOR EACH ROW WHEN ((OLD.hidden_at IS NULL) <> (NEW.hidden_at IS NULL) OR (OLD.post_count > 0) <> (NEW.post_count > 0))
  EXECUTE FUNCTION sitemap_changed('sitemap_users_changes');
