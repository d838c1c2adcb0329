/**
 * What every demo post has in common, whatever its kind: an author, a date, likes in proportion to
 * its views, a summary, its tags, and its replies (dated after the post, before BASE_DATE, ids
 * numbered in plan order so reply_count always equals the replies written).
 */
import { mediaKeys } from '../media/media-layout.ts';
import { fill, summaryOf } from './fill.ts';
import { BASE_DATE, COUNTS, DAY_MS, type PostRow, type ReplyRow } from './plan-types.ts';
import type { Rng } from './prng.ts';
import { REPLIES, REPLY_SLOTS } from './words-forum.ts';

export interface PostContext {
  tagId: (name: string) => number;
  movies: readonly { title: string; genre: string }[];
  movieTitles: readonly string[];
  /** The id of the next reply; advanced as replies are made. */
  nextReplyId: { value: number };
}

export interface PostDraft {
  kind: PostRow['kind'];
  categoryId: number;
  title: string;
  body: string;
  cover: string | null;
  images: string[];
  views: number;
  priceCoins: number;
  pinned: boolean;
  tagNames: readonly string[];
  maxReplies: number;
}

/** Recent posts are more common: most fall in the last months before BASE_DATE. */
const postDate = (rng: Rng): number => Math.round(BASE_DATE - 730 * DAY_MS * rng.next() ** 2.2 - rng.int(0, DAY_MS));

/** `count` distinct images of the shared cover pool. */
export function poolImages(rng: Rng, count: number): string[] {
  const numbers = rng.sample(
    Array.from({ length: COUNTS.covers }, (_, i) => i + 1),
    count,
  );
  return numbers.map((n) => mediaKeys.cover(n));
}

function replies(rng: Rng, ctx: PostContext, postAt: number, max: number): ReplyRow[] {
  const count = Math.floor((max + 1) * rng.next() ** 1.6);
  const slots = { ...REPLY_SLOTS, movie: ctx.movieTitles };
  const rows: ReplyRow[] = [];
  let at = postAt;
  for (let i = 0; i < count; i++) {
    at = Math.min(BASE_DATE, at + rng.logInt(60_000, 3 * DAY_MS));
    const body = fill(rng, rng.pick(REPLIES), slots);
    rows.push({
      id: ctx.nextReplyId.value++,
      authorN: rng.int(1, COUNTS.authors),
      body: rng.chance(0.2) ? `${body}。${fill(rng, rng.pick(REPLIES), slots)}` : body,
      likes: rng.chance(0.5) ? 0 : rng.logInt(1, 800),
      createdAt: at,
    });
  }
  return rows;
}

export function finishPost(id: number, rng: Rng, draft: PostDraft, ctx: PostContext): PostRow {
  const createdAt = postDate(rng);
  const summary = summaryOf(draft.body);
  return {
    id,
    kind: draft.kind,
    categoryId: draft.categoryId,
    authorN: rng.int(1, COUNTS.authors),
    title: draft.title,
    summary,
    body: draft.body,
    cover: draft.cover,
    images: draft.images,
    views: draft.views,
    likes: Math.round(draft.views * rng.float(0.01, 0.08)),
    priceCoins: draft.priceCoins,
    pinned: draft.pinned,
    createdAt,
    tagIds: [...new Set(draft.tagNames)].map(ctx.tagId),
    replies: replies(rng, ctx, createdAt, draft.maxReplies),
  };
}
