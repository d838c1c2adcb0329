/**
 * First-post review (per site, off by default; moderation_settings, set in the console): a post by
 * an account younger than new_account_days that has no approved post yet is held (held_at and
 * hidden_at set), so only its author sees it until a moderator approves it (both cleared) or
 * deletes it. An approved post is any of the author's posts neither held nor deleted.
 */
import type { Queryable } from '../db/db.ts';
import { indexPost } from '../search/index-writes.ts';

export interface ReviewSwitch {
  firstPostReview: boolean;
  newAccountDays: number;
}

export const DEFAULT_REVIEW: ReviewSwitch = { firstPostReview: false, newAccountDays: 7 };

export async function reviewSwitchOf(q: Queryable, siteId: number): Promise<ReviewSwitch> {
  const row = await q.one<ReviewSwitch>(
    `SELECT first_post_review AS "firstPostReview", new_account_days AS "newAccountDays"
     FROM moderation_settings WHERE site_id = $1`,
    [siteId],
  );
  return row ?? DEFAULT_REVIEW;
}

export interface NewPost {
  postId: number;
  authorId: number;
  siteId: number;
  authorCreatedAt: Date;
  now: number;
}

/** Holds the just-written post when its site reviews first posts and its author is new; answers whether it did. Run it inside Db.tx. */
export async function holdFirstPost(q: Queryable, post: NewPost): Promise<boolean> {
  const review = await reviewSwitchOf(q, post.siteId);
  if (!review.firstPostReview) return false;
  if (post.now - post.authorCreatedAt.getTime() >= review.newAccountDays * 86_400_000) return false;
  const approved = await q.one(
    `SELECT 1 AS found FROM posts WHERE author_id = $1 AND id <> $2 AND held_at IS NULL AND deleted_at IS NULL LIMIT 1`,
    [post.authorId, post.postId],
  );
  if (approved) return false;
  await q.query('UPDATE posts SET held_at = $2::timestamptz, hidden_at = $2::timestamptz WHERE id = $1', [
    post.postId,
    new Date(post.now).toISOString(),
  ]);
  await indexPost(q, post.postId);
  return true;
}
