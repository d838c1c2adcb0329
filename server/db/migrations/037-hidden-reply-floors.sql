-- The floors of a target's hidden replies (held for review or hidden by a moderator), which a
-- numbered reply page (/topic/replyPage) skips for everyone but their authors: with them, page N
-- starts at a floor computed from N and is read from replies_target_floor like the first page,
-- instead of reading and dropping every reply before it (OFFSET). Hidden replies are few.
CREATE INDEX replies_target_hidden ON replies (target_type, target_id, floor) WHERE hidden_at IS NOT NULL;
