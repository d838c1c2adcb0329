-- Moderation in the console (docs/admin-api.md, 审核): members' mutes and bans, the decisions
-- taken on reported or held items, posts held for first-post review, moderators' deletions of
-- posts and danmaku, and each site's first-post review switch.

-- A member's current mute or ban: one row per kind; lifting deletes it (the audit log keeps the
-- history). until NULL: permanent; a row whose until has passed no longer applies.
CREATE TABLE user_sanctions (
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind        text NOT NULL CHECK (kind IN ('mute', 'ban')),
  until       timestamptz,
  reason      text NOT NULL,
  operator_id integer REFERENCES operators (id),
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, kind)
);

-- The last decision on an item of the queue (reply:12, post:34, danmaku:5, user:6): the 已处理 tab.
CREATE TABLE moderation_decisions (
  target_type text NOT NULL CHECK (target_type IN ('reply', 'post', 'danmaku', 'user')),
  target_id   bigint NOT NULL,
  -- The item's site (its author's, else its reporters'); NULL: no site known (every-site operators only).
  site_id     integer REFERENCES sites (id),
  action      text NOT NULL CHECK (action IN ('approve', 'hide', 'delete')),
  reason      text NOT NULL DEFAULT '',
  operator_id integer REFERENCES operators (id),
  decided_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (target_type, target_id)
);
CREATE INDEX moderation_decisions_recent ON moderation_decisions (decided_at DESC, target_type, target_id);

-- held_at: held for first-post review (hidden_at is set with it, so it shows to its author only);
-- deleted_at: deleted by a moderator (hidden_at stays set).
ALTER TABLE posts ADD COLUMN held_at timestamptz, ADD COLUMN deleted_at timestamptz;
CREATE INDEX posts_held ON posts (held_at) WHERE held_at IS NOT NULL;
ALTER TABLE danmaku ADD COLUMN deleted_at timestamptz;

-- First-post review per site, off by default: a post by an account younger than new_account_days
-- with no approved post is held until a moderator approves or deletes it.
CREATE TABLE moderation_settings (
  site_id           integer PRIMARY KEY REFERENCES sites (id),
  first_post_review boolean NOT NULL DEFAULT false,
  new_account_days  integer NOT NULL DEFAULT 7 CHECK (new_account_days BETWEEN 1 AND 365),
  updated_at        timestamptz NOT NULL DEFAULT now()
);
