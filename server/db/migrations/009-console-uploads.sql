-- Videos operators upload in the console (docs/admin-api.md "Video ingest"): the app's chunk
-- protocol, kept apart from members' uploads (chunk_uploads) by owner. The bytes live under
-- UPLOAD_DIR/console/ (chunks/<operator>/<fileId>/<index>, then files/<operator>/<fileId>.bin);
-- a merged file is attached to an episode and removed, with its row, once the episode's ladder is ready.
CREATE TABLE console_uploads (
  id           bigserial PRIMARY KEY,
  operator_id  integer NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
  file_id      text NOT NULL CHECK (file_id ~ '^[0-9a-f]{32}$'),
  file_name    text NOT NULL,
  mime         text NOT NULL,
  file_size    bigint NOT NULL CHECK (file_size > 0),
  chunk_size   integer NOT NULL CHECK (chunk_size > 0),
  chunk_count  integer NOT NULL CHECK (chunk_count > 0),
  state        text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'merged')),
  -- merged: the file, relative to UPLOAD_DIR (console/files/<operator>/<fileId>.bin)
  source       text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (operator_id, file_id)
);
CREATE INDEX console_uploads_stale ON console_uploads (state, updated_at);
CREATE INDEX console_uploads_source ON console_uploads (source) WHERE source IS NOT NULL;
