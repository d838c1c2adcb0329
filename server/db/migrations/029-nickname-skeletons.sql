-- Members' nicknames compared by their confusable skeletons (server/names/): each user row keeps its
-- name's skeleton, indexed per site, so a look-alike of another member's name is one index probe.
-- The skeleton needs the confusables table, so the server computes it: for the rows there are now
-- and those written later by writers that leave it out, fillNicknameSkeletons (at the server's start
-- and before each check of a new name) fills the gaps the partial index lists.

ALTER TABLE users ADD COLUMN nickname_skeleton text;
CREATE INDEX users_site_nickname_skeleton ON users (site_id, nickname_skeleton);
CREATE INDEX users_nickname_skeleton_missing ON users (site_id, id) WHERE nickname_skeleton IS NULL;

-- A changed nickname loses its skeleton: the writer that keeps it sets it again in a statement of
-- its own (server/db/nickname-skeletons.ts storeSkeleton); any other leaves a gap, never a stale skeleton.
CREATE FUNCTION nickname_skeleton_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.nickname_skeleton := NULL;
  RETURN NEW;
END;
$$;
CREATE TRIGGER users_nickname_skeleton_clear BEFORE UPDATE OF nickname ON users
  FOR EACH ROW WHEN (OLD.nickname IS DISTINCT FROM NEW.nickname) EXECUTE FUNCTION nickname_skeleton_clear();
