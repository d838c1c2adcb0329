-- Idempotency keys of member calls a client may send more than once (a like made offline and sent
-- again after a lost answer): the first call claims the key and stores its answer; a repeat with
-- the same key answers that instead of acting again. Keys older than 30 days are swept.
CREATE TABLE call_keys (
  user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key        text NOT NULL,
  path       text NOT NULL,
  answer     jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);
CREATE INDEX call_keys_created ON call_keys (created_at);
