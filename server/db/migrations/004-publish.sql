-- Publishing (docs/api.md, "Publishing calls"): members' topics, their resumable chunked uploads
-- and the video jobs.

-- Topics published by members take ids from here; seeded posts keep their fixed ids below 100000.
CREATE SEQUENCE member_post_ids START 100000;

-- One resumable upload per user and file (file_id = the file's MD5): 'open' while chunks arrive
-- (the chunks live under UPLOAD_DIR/chunks/<user>/<file_id>/), 'merged' once checked and assembled.
-- A merged video is turned into HLS by a background job: video_state pending → ready | failed.
CREATE TABLE chunk_uploads (
  id           bigserial PRIMARY KEY,
  user_id      bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  file_id      text NOT NULL CHECK (file_id ~ '^[0-9a-f]{32}$'),
  kind         text NOT NULL CHECK (kind IN ('video', 'image')),
  file_name    text NOT NULL,
  mime         text NOT NULL,
  file_size    bigint NOT NULL CHECK (file_size > 0),
  chunk_size   integer NOT NULL CHECK (chunk_size > 0),
  chunk_count  integer NOT NULL CHECK (chunk_count > 0),
  state        text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'merged')),
  -- merged: an image's stored url, or a video's playlist key (clips/<name>/index.m3u8)
  url          text,
  video_state  text CHECK (video_state IN ('pending', 'ready', 'failed')),
  duration_s   integer,
  created_at   timestamptz NOT NULL,
  updated_at   timestamptz NOT NULL,
  merged_at    timestamptz,
  UNIQUE (user_id, file_id)
);
CREATE INDEX chunk_uploads_open ON chunk_uploads (state, updated_at);
CREATE INDEX chunk_uploads_video_pending ON chunk_uploads (video_state) WHERE video_state = 'pending';

ALTER TABLE posts ADD COLUMN video_upload_id bigint REFERENCES chunk_uploads (id);
CREATE INDEX posts_video_upload ON posts (video_upload_id) WHERE video_upload_id IS NOT NULL;
