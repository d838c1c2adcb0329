-- The console's dashboard reads daily aggregates kept as the events happen (server/db/daily-stats.ts),
-- never scans of raw rows; and the members' daily check-in streak with milestone rewards and 补签
-- cards (server/db/checkin.ts). Days are Asia/Shanghai calendar days (server/db/shanghai-day.ts).

-- Counters per site and day. Each day has up to 8 shard rows (the writer picks one from the user
-- id), so concurrent events of one busy day do not all queue on one row lock; readers sum them.
CREATE TABLE daily_stats (
  site_id          integer NOT NULL REFERENCES sites (id),
  day              date NOT NULL,
  shard            smallint NOT NULL DEFAULT 0 CHECK (shard BETWEEN 0 AND 7),
  active_devices   integer NOT NULL DEFAULT 0,
  new_users        integer NOT NULL DEFAULT 0,
  plays            integer NOT NULL DEFAULT 0,
  watch_seconds    bigint NOT NULL DEFAULT 0,
  revenue_fen      bigint NOT NULL DEFAULT 0,
  -- Deposits started this day, and how many of those were paid (counted on the day they started).
  deposits_created integer NOT NULL DEFAULT 0,
  deposits_paid    integer NOT NULL DEFAULT 0,
  PRIMARY KEY (site_id, day, shard)
);

-- Plays of each movie and views of each post per site and day: the top lists sum a period.
CREATE TABLE daily_top (
  site_id   integer NOT NULL REFERENCES sites (id),
  day       date NOT NULL,
  item_type text NOT NULL CHECK (item_type IN ('movie', 'post')),
  item_id   integer NOT NULL,
  count     integer NOT NULL DEFAULT 0,
  PRIMARY KEY (site_id, item_type, day, item_id)
);

-- A device seen on a day: the insert that adds the row is the one that counts it as active.
-- Only the current day's rows are needed; older ones may be deleted at any time.
CREATE TABLE device_days (
  site_id integer NOT NULL REFERENCES sites (id),
  day     date NOT NULL,
  device  text NOT NULL,
  PRIMARY KEY (site_id, day, device)
);

-- What the latest heartbeat credited, so its caller adds exactly that to the day's watch time.
ALTER TABLE watch_days ADD COLUMN last_credit_ms bigint NOT NULL DEFAULT 0;

-- The check-in rules, one row for every site (like point_tasks): milestones [{days, points}] give
-- extra points once per streak when it reaches that many consecutive days; 补签 cards per member
-- and calendar month. The base points of a check-in are the 'checkin' point task's points.
CREATE TABLE checkin_rules (
  id                     boolean PRIMARY KEY DEFAULT true CHECK (id),
  milestones             jsonb NOT NULL DEFAULT
    '[{"days": 3, "points": 10}, {"days": 7, "points": 30}, {"days": 15, "points": 60}, {"days": 30, "points": 150}]',
  makeup_cards_per_month integer NOT NULL DEFAULT 2 CHECK (makeup_cards_per_month BETWEEN 0 AND 31),
  updated_at             timestamptz NOT NULL DEFAULT now()
);
INSERT INTO checkin_rules DEFAULT VALUES;

-- One row per member and checked day (a 补签 fills a missed day with makeup = true); the primary
-- key makes a day's check-in happen once. points: the base credited; bonus: milestone points.
CREATE TABLE checkins (
  user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  day        date NOT NULL,
  points     integer NOT NULL CHECK (points >= 0),
  bonus      integer NOT NULL DEFAULT 0 CHECK (bonus >= 0),
  makeup     boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, day)
);

-- A milestone rewarded for the streak that started on run_start: once per streak and milestone.
CREATE TABLE checkin_milestones (
  user_id   bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  run_start date NOT NULL,
  days      integer NOT NULL,
  points    integer NOT NULL CHECK (points > 0),
  day       date NOT NULL,
  PRIMARY KEY (user_id, run_start, days)
);
