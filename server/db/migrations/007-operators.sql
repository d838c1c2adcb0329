-- The operator console's foundation (docs/admin-api.md, "Operators"): operators (never visitors),
-- their sessions and the audit log. The roles are OPERATOR_ROLES of contract/admin/session.ts.

CREATE TABLE operators (
  id             serial PRIMARY KEY,
  username       text NOT NULL,
  -- scrypt$N$r$p$salt$hash (server/admin/passwords.ts)
  password_hash  text NOT NULL,
  -- Base32 TOTP secret; totp_last_step is the last time step a code was accepted for (no reuse).
  totp_secret    text NOT NULL,
  totp_last_step bigint,
  role           text NOT NULL CHECK (role IN ('super', 'ops', 'moderator', 'finance')),
  -- NULL: every site of the station group.
  site_ids       integer[],
  disabled_at    timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX operators_username_key ON operators (lower(username));

CREATE TABLE operator_sessions (
  id            bigserial PRIMARY KEY,
  -- sha256 of the cookie's token, base64url: the token itself is never stored.
  token_hash    text NOT NULL UNIQUE,
  csrf_token    text NOT NULL,
  operator_id   integer NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
  created_at    timestamptz NOT NULL,
  last_seen_at  timestamptz NOT NULL,
  idle_expires_at timestamptz NOT NULL,
  address       text NOT NULL
);
CREATE INDEX operator_sessions_operator ON operator_sessions (operator_id);

CREATE TABLE audit_log (
  id           bigserial PRIMARY KEY,
  operator_id  integer REFERENCES operators (id),
  action       text NOT NULL,
  target_type  text,
  target_id    text,
  before       jsonb,
  after        jsonb,
  address      text NOT NULL,
  at           timestamptz NOT NULL
);
CREATE INDEX audit_log_at ON audit_log (at DESC, id DESC);
CREATE INDEX audit_log_operator ON audit_log (operator_id, id DESC);
CREATE INDEX audit_log_action ON audit_log (action, id DESC);

-- Never edited, never deleted: the store itself refuses it, whatever code runs.
CREATE FUNCTION audit_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_is_append_only();
