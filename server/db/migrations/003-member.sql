-- The member area (docs/api.md, "Member calls"): the coin and points ledger, the member catalogue
-- (VIP plans, coin packages, point tasks, points-mall goods), deposit orders, purchases, daily task
-- claims, watch and read logs, and goods exchanges. Days are Asia/Shanghai calendar days computed by the server
-- (server/db/shanghai-day.ts) and stored as date.

-- Every change of users.coins and users.points, written in the same transaction as the change
-- (server/db/ledger.ts is the only writer): per user and asset, sum(delta) = the balance.
CREATE TABLE ledger_entries (
  id            bigserial PRIMARY KEY,
  user_id       bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  asset         text NOT NULL CHECK (asset IN ('coins', 'points')),
  delta         bigint NOT NULL CHECK (delta <> 0),
  balance_after bigint NOT NULL CHECK (balance_after >= 0),
  type          text NOT NULL CHECK (type IN ('deposit', 'purchase', 'exchange', 'task', 'adjust')),
  title         text NOT NULL,
  -- What the entry is for ('order:<no>', 'movie:<id>', 'task:<id>:<day>', ...): a second guard
  -- against crediting or charging the same thing twice.
  ref           text,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_entries_user ON ledger_entries (user_id, asset, id DESC);
CREATE UNIQUE INDEX ledger_entries_ref ON ledger_entries (user_id, asset, ref) WHERE ref IS NOT NULL;

-- The catalogue is per site; (site_id, code) is the natural key the demo seed fills in.
CREATE TABLE vip_plans (
  id                 serial PRIMARY KEY,
  site_id            integer NOT NULL REFERENCES sites (id),
  code               text NOT NULL,
  name               text NOT NULL,
  days               integer NOT NULL CHECK (days > 0),
  price_fen          integer NOT NULL CHECK (price_fen > 0),
  original_price_fen integer NOT NULL,
  badge              text,
  description        text NOT NULL DEFAULT '',
  sort               integer NOT NULL DEFAULT 0,
  enabled            boolean NOT NULL DEFAULT true,
  UNIQUE (site_id, code),
  CHECK (original_price_fen >= price_fen)
);

CREATE TABLE coin_packages (
  id          serial PRIMARY KEY,
  site_id     integer NOT NULL REFERENCES sites (id),
  code        text NOT NULL,
  coins       integer NOT NULL CHECK (coins > 0),
  bonus_coins integer NOT NULL DEFAULT 0 CHECK (bonus_coins >= 0),
  price_fen   integer NOT NULL CHECK (price_fen > 0),
  badge       text,
  sort        integer NOT NULL DEFAULT 0,
  enabled     boolean NOT NULL DEFAULT true,
  UNIQUE (site_id, code)
);

-- Daily tasks, shared by every site; key says how progress is counted (server/db/point-tasks.ts).
CREATE TABLE point_tasks (
  id          integer PRIMARY KEY,
  key         text NOT NULL UNIQUE CHECK (key IN ('checkin', 'watch', 'read', 'publish')),
  name        text NOT NULL,
  description text NOT NULL DEFAULT '',
  points      integer NOT NULL CHECK (points > 0),
  target      integer NOT NULL CHECK (target > 0),
  sort        integer NOT NULL DEFAULT 0,
  enabled     boolean NOT NULL DEFAULT true
);

CREATE TABLE points_goods (
  id             serial PRIMARY KEY,
  site_id        integer NOT NULL REFERENCES sites (id),
  code           text NOT NULL,
  name           text NOT NULL,
  description    text NOT NULL DEFAULT '',
  image          text,
  kind           text NOT NULL CHECK (kind IN ('vip_days', 'coins', 'item')),
  value          integer NOT NULL CHECK (value >= 0),
  points_cost    integer NOT NULL CHECK (points_cost > 0),
  stock          integer NOT NULL CHECK (stock >= 0),
  per_user_limit integer CHECK (per_user_limit > 0),
  sort           integer NOT NULL DEFAULT 0,
  enabled        boolean NOT NULL DEFAULT true,
  UNIQUE (site_id, code),
  CHECK (kind = 'item' OR value > 0)
);

-- Deposits through the payment sandbox. What a paid order credits is copied in at creation, so a
-- later catalogue change does not change a pending order. Credited once: status goes
-- pending → paid by a conditional UPDATE in the transaction that credits.
CREATE TABLE orders (
  order_no    text PRIMARY KEY,
  site_id     integer NOT NULL REFERENCES sites (id),
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind        text NOT NULL CHECK (kind IN ('vip', 'coin')),
  pay_type    text NOT NULL CHECK (pay_type IN ('alipay', 'wxpay')),
  title       text NOT NULL,
  amount_fen  integer NOT NULL CHECK (amount_fen > 0),
  plan_id     integer REFERENCES vip_plans (id),
  vip_days    integer CHECK (vip_days > 0),
  package_id  integer REFERENCES coin_packages (id),
  coins       integer CHECK (coins > 0),
  bonus_coins integer CHECK (bonus_coins >= 0),
  status      text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid')),
  trade_no    text UNIQUE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  paid_at     timestamptz,
  CHECK ((kind = 'vip') = (plan_id IS NOT NULL AND vip_days IS NOT NULL)),
  CHECK ((kind = 'coin') = (package_id IS NOT NULL AND coins IS NOT NULL AND bonus_coins IS NOT NULL)),
  CHECK ((status = 'paid') = (paid_at IS NOT NULL AND trade_no IS NOT NULL))
);
CREATE INDEX orders_user ON orders (user_id, created_at DESC);

-- A movie or post bought with coins: unlocked for good (server/db/access.ts).
CREATE TABLE purchases (
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  item_type   text NOT NULL CHECK (item_type IN ('movie', 'post')),
  item_id     integer NOT NULL,
  price_coins integer NOT NULL CHECK (price_coins > 0),
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, item_type, item_id)
);
CREATE INDEX purchases_recent ON purchases (user_id, item_type, created_at DESC);

CREATE TABLE point_task_claims (
  user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  task_id    integer NOT NULL REFERENCES point_tasks (id),
  day        date NOT NULL,
  points     integer NOT NULL CHECK (points > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, task_id, day)
);

-- Milliseconds of real playback per user, movie and day, credited from heartbeats (activity.ts).
CREATE TABLE watch_days (
  user_id      bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  day          date NOT NULL,
  movie_id     integer NOT NULL REFERENCES movies (id) ON DELETE CASCADE,
  watched_ms   bigint NOT NULL DEFAULT 0 CHECK (watched_ms >= 0),
  position_s   integer NOT NULL DEFAULT 0,
  playing      boolean NOT NULL,
  last_beat_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, day, movie_id)
);

-- Posts whose detail a signed-in user opened, per day.
CREATE TABLE post_reads (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  day     date NOT NULL,
  post_id integer NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, day, post_id)
);

-- Points-mall exchanges; (user_id, idempotency_key) makes a retried exchange happen once.
CREATE TABLE goods_exchanges (
  id              bigserial PRIMARY KEY,
  user_id         bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  goods_id        integer NOT NULL REFERENCES points_goods (id),
  quantity        integer NOT NULL CHECK (quantity > 0),
  points_cost     integer NOT NULL CHECK (points_cost > 0),
  points_after    bigint,
  idempotency_key text NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, idempotency_key)
);
CREATE INDEX goods_exchanges_user ON goods_exchanges (user_id, id DESC);

-- Units of a good each user exchanged so far: the per-user limit is one conditional upsert.
CREATE TABLE goods_user_totals (
  user_id  bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  goods_id integer NOT NULL REFERENCES points_goods (id),
  quantity integer NOT NULL CHECK (quantity > 0),
  PRIMARY KEY (user_id, goods_id)
);

CREATE INDEX user_likes_recent ON user_likes (user_id, created_at DESC);
