-- Content shared by every site of the station group: categories (three levels), tags, movies,
-- posts (forum topics, chigua posts and archive articles), replies, featured collections, and the
-- per-site banners, CDN lines and data dictionary.

CREATE TABLE categories (
  id          integer PRIMARY KEY,
  parent_id   integer REFERENCES categories(id),
  name        text NOT NULL,
  route       text,               -- top level only: '/movie', '/forum', '/chigua', '/archives'
  topic_id    integer UNIQUE,     -- forum groups: the topicId of spec section 2
  icon        text,               -- an icon name for the Iconify-style endpoint
  description text NOT NULL DEFAULT '',
  sort        integer NOT NULL DEFAULT 0,
  depth       smallint NOT NULL CHECK (depth BETWEEN 1 AND 3)
);
CREATE INDEX categories_parent ON categories(parent_id, sort);

CREATE TABLE tags (
  id        integer PRIMARY KEY,
  key       text NOT NULL UNIQUE,  -- the route key of /tag/{key}: the tag's name
  name      text NOT NULL,
  hot_rank  integer,               -- position in the hot list, NULL when not hot
  use_count integer NOT NULL DEFAULT 0
);

CREATE TABLE movies (
  id           integer PRIMARY KEY,
  title        text NOT NULL,
  description  text NOT NULL,
  poster       text NOT NULL,            -- media key: posters/<key>-{s,l}.webp
  video        text NOT NULL,            -- media key: videos/<key>/index.m3u8
  duration_s   integer NOT NULL,
  views        bigint NOT NULL DEFAULT 0,
  likes        bigint NOT NULL DEFAULT 0,
  category_id  integer NOT NULL REFERENCES categories(id),
  access       text NOT NULL CHECK (access IN ('free', 'vip', 'coins')),
  price_coins  integer NOT NULL DEFAULT 0 CHECK (price_coins >= 0),
  trial_s      integer NOT NULL DEFAULT 0,
  region       text NOT NULL DEFAULT '',
  year         integer NOT NULL,
  published_at timestamptz NOT NULL
);
CREATE INDEX movies_published ON movies(published_at DESC, id DESC);
CREATE INDEX movies_category ON movies(category_id, published_at DESC);
CREATE INDEX movies_views ON movies(views DESC, id DESC);

CREATE TABLE movie_tags (
  movie_id integer NOT NULL REFERENCES movies(id) ON DELETE CASCADE,
  tag_id   integer NOT NULL REFERENCES tags(id),
  PRIMARY KEY (movie_id, tag_id)
);
CREATE INDEX movie_tags_tag ON movie_tags(tag_id, movie_id);

-- Forum topics, chigua posts and archive articles share one shape.
CREATE TABLE posts (
  id           integer PRIMARY KEY,       -- seeded ids are fixed; user posts use the sequence
  kind         text NOT NULL CHECK (kind IN ('topic', 'chigua', 'article')),
  category_id  integer NOT NULL REFERENCES categories(id),
  author_id    bigint REFERENCES users(id),
  title        text NOT NULL,
  summary      text NOT NULL DEFAULT '',
  body         text NOT NULL,
  cover        text,                      -- media key or NULL
  images       jsonb NOT NULL DEFAULT '[]',
  views        bigint NOT NULL DEFAULT 0,
  likes        bigint NOT NULL DEFAULT 0,
  reply_count  integer NOT NULL DEFAULT 0,
  price_coins  integer NOT NULL DEFAULT 0 CHECK (price_coins >= 0),
  pinned       boolean NOT NULL DEFAULT false,
  created_at   timestamptz NOT NULL
);
CREATE INDEX posts_kind_created ON posts(kind, created_at DESC, id DESC);
CREATE INDEX posts_category_created ON posts(category_id, created_at DESC);
CREATE INDEX posts_author ON posts(author_id, created_at DESC);

CREATE TABLE post_tags (
  post_id integer NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  tag_id  integer NOT NULL REFERENCES tags(id),
  PRIMARY KEY (post_id, tag_id)
);
CREATE INDEX post_tags_tag ON post_tags(tag_id, post_id);

CREATE TABLE replies (
  id         bigserial PRIMARY KEY,
  post_id    integer NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  author_id  bigint REFERENCES users(id),
  body       text NOT NULL,
  likes      integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL
);
CREATE INDEX replies_post ON replies(post_id, created_at, id);

CREATE TABLE featured (
  id          integer PRIMARY KEY,
  title       text NOT NULL,
  description text NOT NULL,
  cover       text NOT NULL,
  sort        integer NOT NULL DEFAULT 0
);
CREATE TABLE featured_items (
  featured_id integer NOT NULL REFERENCES featured(id) ON DELETE CASCADE,
  item_type   text NOT NULL CHECK (item_type IN ('movie', 'post')),
  item_id     integer NOT NULL,
  sort        integer NOT NULL DEFAULT 0,
  PRIMARY KEY (featured_id, item_type, item_id)
);

CREATE TABLE banners (
  id      integer PRIMARY KEY,
  site_id integer NOT NULL REFERENCES sites(id),
  title   text NOT NULL,
  image   text NOT NULL,
  link    text NOT NULL,
  sort    integer NOT NULL DEFAULT 0,
  clicks  bigint NOT NULL DEFAULT 0
);

CREATE TABLE cdn_lines (
  id      integer PRIMARY KEY,
  site_id integer NOT NULL REFERENCES sites(id),
  name    text NOT NULL,
  url     text NOT NULL,     -- base URL media keys are joined to; relative ('/cdn/1') or absolute
  sort    integer NOT NULL DEFAULT 0
);

CREATE TABLE dictionary (
  type  text NOT NULL,       -- e.g. 'contentType', 'movieSort', 'region'
  key   text NOT NULL,
  label text NOT NULL,
  sort  integer NOT NULL DEFAULT 0,
  PRIMARY KEY (type, key)
);

-- Authors' profile line (seeded authors and, later, members).
ALTER TABLE users ADD COLUMN bio text NOT NULL DEFAULT '';

-- Per-user likes and favourites of movies and posts (one row per user and item).
CREATE TABLE user_likes (
  user_id    bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  item_type  text NOT NULL CHECK (item_type IN ('movie', 'post')),
  item_id    integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, item_type, item_id)
);
CREATE TABLE user_favorites (
  user_id    bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  item_type  text NOT NULL CHECK (item_type IN ('movie', 'post')),
  item_id    integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, item_type, item_id)
);
CREATE INDEX user_favorites_recent ON user_favorites(user_id, created_at DESC);

-- Which version of the demo data has been seeded (the seed is idempotent by this row).
CREATE TABLE seed_state (
  name       text PRIMARY KEY,
  version    integer NOT NULL,
  seeded_at  timestamptz NOT NULL DEFAULT now()
);
