-- Reports that need trust (server/moderation/report-trust.ts, docs/architecture.md "Community"):
--   counted: whether the reporter had earned trust when reporting; only counted open reports hide
--     an item (REPORT_HIDE_THRESHOLD). Reports made before this migration all counted; a report
--     written without saying counts for nothing.
--   target_owner_id: whose item was reported (the author of a reply, post or danmaku; the member
--     of a profile), so the console sees a burst of reports against one member's items
--     (server/admin/moderation/report-bursts.ts).
ALTER TABLE reports ADD COLUMN counted boolean NOT NULL DEFAULT true,
  ADD COLUMN target_owner_id bigint;

UPDATE reports r SET target_owner_id = CASE r.target_type
    WHEN 'reply' THEN (SELECT author_id FROM replies WHERE id = r.target_id)
    WHEN 'post' THEN (SELECT author_id FROM posts WHERE id = r.target_id)
    WHEN 'danmaku' THEN (SELECT user_id FROM danmaku WHERE id = r.target_id)
    ELSE r.target_id END;
ALTER TABLE reports ALTER COLUMN counted SET DEFAULT false;

-- The open reports of the last hour, newest first, for the bursts.
CREATE INDEX reports_open_recent ON reports (created_at, target_owner_id) WHERE state = 'open';
