-- The foundation: sites of the station group, per-site users, device bindings, sessions
-- (docs/api.md, "Request" and "Sign-in calls").

-- One branded site of the station group (docs/api.md, "Site info"): its own accountId/appId/host.
CREATE TABLE sites (
  id            serial PRIMARY KEY,
  account_id    text NOT NULL UNIQUE,
  app_id        text NOT NULL,
  host          text NOT NULL,
  title         text NOT NULL,
  description   text NOT NULL DEFAULT '',
  primary_color text NOT NULL DEFAULT '#ff6a00',
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX sites_host_key ON sites (lower(host));

-- Users are per site. device_id is the device that created the user (its natural key for an
-- idempotent registration); which user a device signs in as now is user_devices.
CREATE TABLE users (
  id            bigserial PRIMARY KEY,
  site_id       integer NOT NULL REFERENCES sites (id),
  device_id     text NOT NULL,
  account       text,
  password_hash text,
  nickname      text NOT NULL,
  avatar        text NOT NULL,
  vip_expire_at timestamptz,
  coins         bigint NOT NULL DEFAULT 0 CHECK (coins >= 0),
  points        bigint NOT NULL DEFAULT 0 CHECK (points >= 0),
  created_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (site_id, device_id),
  CHECK ((account IS NULL) = (password_hash IS NULL))
);
-- Accounts are unique per site regardless of letter case ("Alice01" and "alice01" are one account).
CREATE UNIQUE INDEX users_site_account_key ON users (site_id, lower(account)) WHERE account IS NOT NULL;

-- The user a device signs in as. Created with the user; switched to the account's user when the
-- device signs in by account, so a later /login/deviceId from that device returns that user.
CREATE TABLE user_devices (
  site_id    integer NOT NULL REFERENCES sites (id),
  device_id  text NOT NULL,
  user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  bound_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, device_id)
);
CREATE INDEX user_devices_user_idx ON user_devices (user_id);

-- Opaque session tokens, stored only as their SHA-256 hex. device_id is set when the session was
-- opened from a known device, so an account sign-in with that token can switch the device.
CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  site_id    integer NOT NULL REFERENCES sites (id),
  device_id  text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_user_idx ON sessions (user_id);
CREATE INDEX sessions_expires_idx ON sessions (expires_at);
