-- Community (docs/architecture.md "Community"): replies of posts and comments of movies in one
-- table, with floors, images, a quote, mentions, a rating, deletion and hiding; likes of replies;
-- kept counters of movies' comments and ratings and of forums' days; danmaku; notices and Web Push
-- subscriptions with their deliveries; reports; the sensitive-word list; server keys (VAPID).

-- Replies hang under a post (topic, 吃瓜, article) or a movie (its comments): target_type + target_id.
ALTER TABLE replies DROP CONSTRAINT replies_post_id_fkey;
ALTER TABLE replies RENAME COLUMN post_id TO target_id;
ALTER TABLE replies ADD COLUMN target_type text NOT NULL DEFAULT 'post' CHECK (target_type IN ('post', 'movie'));
-- A floor is fixed at write time (1 = the first reply) and kept when replies are deleted.
ALTER TABLE replies ADD COLUMN floor integer;
UPDATE replies r SET floor = f.n
  FROM (SELECT id, row_number() OVER (PARTITION BY target_id ORDER BY created_at, id) AS n FROM replies) f
  WHERE f.id = r.id;
ALTER TABLE replies ALTER COLUMN floor SET NOT NULL;
ALTER TABLE replies
  ADD COLUMN images     jsonb NOT NULL DEFAULT '[]',
  ADD COLUMN quote_id   bigint REFERENCES replies (id),
  ADD COLUMN mentions   bigint[] NOT NULL DEFAULT '{}',
  ADD COLUMN rating     smallint CHECK (rating BETWEEN 1 AND 5),
  ADD COLUMN deleted_at timestamptz,
  -- Hidden pending review: reports reached the threshold, or a moderator hid it.
  ADD COLUMN hidden_at  timestamptz;
DROP INDEX replies_post;
CREATE UNIQUE INDEX replies_target_floor ON replies (target_type, target_id, floor);
CREATE INDEX replies_target_hot ON replies (target_type, target_id, likes DESC, floor);
CREATE INDEX replies_author ON replies (author_id, created_at DESC);
-- One rating per member and movie.
CREATE UNIQUE INDEX replies_one_rating ON replies (target_id, author_id)
  WHERE target_type = 'movie' AND rating IS NOT NULL AND deleted_at IS NULL;

-- floor_count: the last floor given (reply_count goes down on a delete, floors never do).
ALTER TABLE posts ADD COLUMN floor_count integer NOT NULL DEFAULT 0, ADD COLUMN hidden_at timestamptz;
UPDATE posts SET floor_count = reply_count;
ALTER TABLE movies
  ADD COLUMN comment_count integer NOT NULL DEFAULT 0 CHECK (comment_count >= 0),
  ADD COLUMN floor_count   integer NOT NULL DEFAULT 0,
  ADD COLUMN rating_sum    integer NOT NULL DEFAULT 0 CHECK (rating_sum >= 0),
  ADD COLUMN rating_count  integer NOT NULL DEFAULT 0 CHECK (rating_count >= 0);
ALTER TABLE users ADD COLUMN hidden_at timestamptz;

CREATE TABLE reply_likes (
  user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  reply_id   bigint NOT NULL REFERENCES replies (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, reply_id)
);
CREATE INDEX reply_likes_reply ON reply_likes (reply_id);

-- Posts and replies written in a forum group per Asia/Shanghai day (its 今日 count), kept with
-- the rows they count.
CREATE TABLE forum_days (
  category_id integer NOT NULL REFERENCES categories (id),
  day         date NOT NULL,
  writes      integer NOT NULL DEFAULT 0,
  PRIMARY KEY (category_id, day)
);

CREATE TABLE danmaku (
  id         bigserial PRIMARY KEY,
  movie_id   integer NOT NULL REFERENCES movies (id) ON DELETE CASCADE,
  episode_id integer NOT NULL DEFAULT 0,       -- 0: the movie itself (no episode)
  user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  at_ms      integer NOT NULL CHECK (at_ms >= 0),
  text       text NOT NULL,
  mode       text NOT NULL CHECK (mode IN ('scroll', 'top', 'bottom')),
  colour     text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  hidden_at  timestamptz
);
CREATE INDEX danmaku_time ON danmaku (movie_id, episode_id, at_ms);
-- The one-minute repeat check of a sender's danmaku.
CREATE INDEX danmaku_user ON danmaku (user_id, created_at DESC);

-- The inbox: one row per recipient. Likes of one reply by one member are one notice.
CREATE TABLE notices (
  id          bigserial PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type        text NOT NULL CHECK (type IN ('reply', 'mention', 'like', 'system')),
  actor_id    bigint REFERENCES users (id) ON DELETE SET NULL,
  reply_id    bigint REFERENCES replies (id) ON DELETE CASCADE,
  target_type text CHECK (target_type IN ('post', 'movie')),
  target_id   integer,
  excerpt     text NOT NULL DEFAULT '',
  link        text NOT NULL DEFAULT '',
  read_at     timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notices_inbox ON notices (user_id, type, id DESC);
CREATE INDEX notices_unread ON notices (user_id, type) WHERE read_at IS NULL;
CREATE UNIQUE INDEX notices_one_like ON notices (user_id, actor_id, reply_id) WHERE type = 'like';

-- Web Push: one subscription per device (the endpoint), with the notice types it wants.
CREATE TABLE push_subscriptions (
  id         bigserial PRIMARY KEY,
  user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  device_id  text,
  endpoint   text NOT NULL UNIQUE,
  p256dh     text NOT NULL,
  auth       text NOT NULL,
  types      text[] NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id);

-- A push to send: written with its notice, sent by the background job, retried with backoff.
CREATE TABLE push_deliveries (
  id              bigserial PRIMARY KEY,
  subscription_id bigint NOT NULL REFERENCES push_subscriptions (id) ON DELETE CASCADE,
  notice_id       bigint NOT NULL REFERENCES notices (id) ON DELETE CASCADE,
  state           text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'failed')),
  attempts        integer NOT NULL DEFAULT 0,
  next_at         timestamptz NOT NULL DEFAULT now(),
  last_error      text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (subscription_id, notice_id)
);
CREATE INDEX push_deliveries_due ON push_deliveries (next_at) WHERE state = 'pending';

-- Reports: one per reporter and item; the item is hidden once enough distinct members reported it.
CREATE TABLE reports (
  id          bigserial PRIMARY KEY,
  site_id     integer NOT NULL REFERENCES sites (id),
  reporter_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  target_type text NOT NULL CHECK (target_type IN ('reply', 'post', 'danmaku', 'user')),
  target_id   bigint NOT NULL,
  reason      text NOT NULL CHECK (reason IN ('spam', 'porn', 'abuse', 'illegal', 'spoiler', 'other')),
  detail      text NOT NULL DEFAULT '',
  state       text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'upheld', 'dismissed')),
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (reporter_id, target_type, target_id)
);
CREATE INDEX reports_target ON reports (target_type, target_id);
CREATE INDEX reports_open ON reports (site_id, created_at) WHERE state = 'open';

-- The sensitive-word list, matched on every member's text (refused or masked, per word).
CREATE TABLE sensitive_words (
  word       text PRIMARY KEY,
  action     text NOT NULL CHECK (action IN ('refuse', 'mask')),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Keys the server makes for itself when the environment gives none (the demo's VAPID pair).
CREATE TABLE server_keys (
  name       text PRIMARY KEY,
  value      jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
