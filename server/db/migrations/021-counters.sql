-- Kept counters of the public lists (server/db/counters.ts), so no read counts rows:
--   category_counts: visible items directly in a category, per kind ('movie', 'topic', 'chigua',
--     'article'); a list's total over a category subtree sums a handful of these rows.
--   tag_counts: visible items carrying a tag, per kind; tags.item_count is their sum (the tag list's
--     order and Tag.count).
--   users.post_count / users.likes_received: the author's visible posts and the likes on them.
-- Visible: a movie whose status is 'published' (a scheduled one counts from its publication), a
-- post not hidden. Row triggers keep them in the transaction that writes the rows, whatever code
-- writes them; recountCounters() sets them from a full recount (after a bulk fill run with the
-- triggers off). And the indexes that serve every hot list in its order without a sort.

CREATE TABLE category_counts (
  category_id integer NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
  kind        text NOT NULL,
  n           integer NOT NULL DEFAULT 0,
  PRIMARY KEY (category_id, kind)
);
CREATE TABLE tag_counts (
  tag_id integer NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
  kind   text NOT NULL,
  n      integer NOT NULL DEFAULT 0,
  PRIMARY KEY (tag_id, kind)
);
ALTER TABLE tags ADD COLUMN item_count integer NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN post_count integer NOT NULL DEFAULT 0,
  ADD COLUMN likes_received bigint NOT NULL DEFAULT 0;

-- Adds d to the counters of an item of `kind` in `category` carrying the tags `tag_ids`.
CREATE FUNCTION bump_item_counts(p_kind text, p_category integer, p_tags integer[], p_d integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO category_counts AS c (category_id, kind, n) VALUES (p_category, p_kind, p_d)
    ON CONFLICT (category_id, kind) DO UPDATE SET n = c.n + p_d;
  IF cardinality(p_tags) > 0 THEN
    INSERT INTO tag_counts AS t (tag_id, kind, n) SELECT unnest(p_tags), p_kind, p_d
      ON CONFLICT (tag_id, kind) DO UPDATE SET n = t.n + p_d;
    UPDATE tags SET item_count = item_count + p_d WHERE id = ANY (p_tags);
  END IF;
END;
$$;

-- Adds d to a tag's counters of one kind.
CREATE FUNCTION bump_tag_count(p_tag integer, p_kind text, p_d integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tag_counts AS t (tag_id, kind, n) VALUES (p_tag, p_kind, p_d)
    ON CONFLICT (tag_id, kind) DO UPDATE SET n = t.n + p_d;
  UPDATE tags SET item_count = item_count + p_d WHERE id = p_tag;
END;
$$;

-- Posts: a visible post counts in its category, its tags and its author. Deletion runs BEFORE, while
-- the post's tag links (deleted by cascade) still exist.
CREATE FUNCTION post_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.hidden_at IS NULL) = (NEW.hidden_at IS NULL) AND OLD.kind = NEW.kind
     AND OLD.category_id = NEW.category_id AND OLD.author_id IS NOT DISTINCT FROM NEW.author_id THEN
    IF NEW.hidden_at IS NULL THEN
      UPDATE users SET likes_received = likes_received + (NEW.likes - OLD.likes) WHERE id = NEW.author_id;
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.hidden_at IS NULL THEN
    PERFORM bump_item_counts(OLD.kind, OLD.category_id,
      ARRAY(SELECT tag_id FROM post_tags WHERE post_id = OLD.id), -1);
    UPDATE users SET post_count = post_count - 1, likes_received = likes_received - OLD.likes
      WHERE id = OLD.author_id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.hidden_at IS NULL THEN
    PERFORM bump_item_counts(NEW.kind, NEW.category_id,
      ARRAY(SELECT tag_id FROM post_tags WHERE post_id = NEW.id), 1);
    UPDATE users SET post_count = post_count + 1, likes_received = likes_received + NEW.likes
      WHERE id = NEW.author_id;
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NULL END;
END;
$$;
CREATE TRIGGER posts_counts_insert AFTER INSERT ON posts FOR EACH ROW EXECUTE FUNCTION post_counts();
CREATE TRIGGER posts_counts_update AFTER UPDATE OF hidden_at, kind, category_id, author_id, likes ON posts
  FOR EACH ROW WHEN ((OLD.hidden_at IS NULL) <> (NEW.hidden_at IS NULL) OR OLD.kind <> NEW.kind
    OR OLD.category_id <> NEW.category_id OR OLD.author_id IS DISTINCT FROM NEW.author_id
    OR OLD.likes <> NEW.likes)
  EXECUTE FUNCTION post_counts();
CREATE TRIGGER posts_counts_delete BEFORE DELETE ON posts FOR EACH ROW EXECUTE FUNCTION post_counts();

-- Movies: a published movie counts in its category and its tags.
CREATE FUNCTION movie_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 'published' THEN
    PERFORM bump_item_counts('movie', OLD.category_id,
      ARRAY(SELECT tag_id FROM movie_tags WHERE movie_id = OLD.id), -1);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'published' THEN
    PERFORM bump_item_counts('movie', NEW.category_id,
      ARRAY(SELECT tag_id FROM movie_tags WHERE movie_id = NEW.id), 1);
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NULL END;
END;
$$;
CREATE TRIGGER movies_counts_insert AFTER INSERT ON movies FOR EACH ROW EXECUTE FUNCTION movie_counts();
CREATE TRIGGER movies_counts_update AFTER UPDATE OF status, category_id ON movies
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.category_id <> NEW.category_id)
  EXECUTE FUNCTION movie_counts();
CREATE TRIGGER movies_counts_delete BEFORE DELETE ON movies FOR EACH ROW EXECUTE FUNCTION movie_counts();

-- Tag links: a link of a visible item counts; a link whose item is gone was counted off with it.
CREATE FUNCTION post_tag_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  link post_tags;
  post_kind text;
BEGIN
  link := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  SELECT kind INTO post_kind FROM posts WHERE id = link.post_id AND hidden_at IS NULL;
  IF post_kind IS NOT NULL THEN
    PERFORM bump_tag_count(link.tag_id, post_kind, CASE WHEN TG_OP = 'DELETE' THEN -1 ELSE 1 END);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER post_tags_counts AFTER INSERT OR DELETE ON post_tags FOR EACH ROW EXECUTE FUNCTION post_tag_counts();

CREATE FUNCTION movie_tag_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  link movie_tags;
BEGIN
  link := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  IF EXISTS (SELECT 1 FROM movies WHERE id = link.movie_id AND status = 'published') THEN
    PERFORM bump_tag_count(link.tag_id, 'movie', CASE WHEN TG_OP = 'DELETE' THEN -1 ELSE 1 END);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER movie_tags_counts AFTER INSERT OR DELETE ON movie_tags FOR EACH ROW EXECUTE FUNCTION movie_tag_counts();

-- The counters of the rows already there.
INSERT INTO category_counts (category_id, kind, n)
  SELECT category_id, 'movie', count(*) FROM movies WHERE status = 'published' GROUP BY category_id
  UNION ALL SELECT category_id, kind, count(*) FROM posts WHERE hidden_at IS NULL GROUP BY category_id, kind;
INSERT INTO tag_counts (tag_id, kind, n)
  SELECT mt.tag_id, 'movie', count(*) FROM movie_tags mt JOIN movies m ON m.id = mt.movie_id
    WHERE m.status = 'published' GROUP BY mt.tag_id
  UNION ALL SELECT pt.tag_id, p.kind, count(*) FROM post_tags pt JOIN posts p ON p.id = pt.post_id
    WHERE p.hidden_at IS NULL GROUP BY pt.tag_id, p.kind;
UPDATE tags t SET item_count = (SELECT coalesce(sum(n), 0) FROM tag_counts c WHERE c.tag_id = t.id);
UPDATE users u SET (post_count, likes_received) = (SELECT count(*), coalesce(sum(p.likes), 0) FROM posts p
  WHERE p.author_id = u.id AND p.hidden_at IS NULL);

-- Movie lists: published movies newest, most viewed or most liked first, over all or one category
-- (movies_visible serves the newest of all).
CREATE INDEX movies_visible_views ON movies (views DESC, id DESC) WHERE status = 'published';
CREATE INDEX movies_visible_likes ON movies (likes DESC, id DESC) WHERE status = 'published';
CREATE INDEX movies_category_new ON movies (category_id, published_at DESC, id DESC) WHERE status = 'published';
CREATE INDEX movies_category_views ON movies (category_id, views DESC, id DESC) WHERE status = 'published';
CREATE INDEX movies_category_likes ON movies (category_id, likes DESC, id DESC) WHERE status = 'published';
-- The content type pages (one access kind, newest first), and their capped count, index-only.
CREATE INDEX movies_access_new ON movies (access, published_at DESC, id DESC) WHERE status = 'published';
DROP INDEX movies_views;

-- Post lists: visible posts of a kind, or of a category pinned first, in each sort.
CREATE INDEX posts_kind_new ON posts (kind, created_at DESC, id DESC) WHERE hidden_at IS NULL;
CREATE INDEX posts_kind_views ON posts (kind, views DESC, id DESC) WHERE hidden_at IS NULL;
CREATE INDEX posts_kind_replies ON posts (kind, reply_count DESC, id DESC) WHERE hidden_at IS NULL;
CREATE INDEX posts_category_new ON posts (category_id, pinned DESC, created_at DESC, id DESC) WHERE hidden_at IS NULL;
CREATE INDEX posts_category_views ON posts (category_id, pinned DESC, views DESC, id DESC) WHERE hidden_at IS NULL;
CREATE INDEX posts_category_replies ON posts (category_id, pinned DESC, reply_count DESC, id DESC)
  WHERE hidden_at IS NULL;
CREATE INDEX posts_author_new ON posts (author_id, kind, created_at DESC, id DESC) WHERE hidden_at IS NULL;
DROP INDEX posts_author;

-- The user list (authors of a site, most posts first), the tag list (most used first) and the forum
-- groups in their order.
CREATE INDEX users_authors ON users (site_id, post_count DESC, id DESC) WHERE hidden_at IS NULL AND post_count > 0;
CREATE INDEX tags_item_count ON tags (item_count DESC, id);
CREATE INDEX categories_forum_groups ON categories (sort, id) WHERE topic_id IS NOT NULL;
