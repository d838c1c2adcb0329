/**
 * Posts of every kind (forum topics, chigua posts, archive articles): one place for their SQL and
 * wire shapes, parametrised by kind. A card's summary falls back to the start of the body; its
 * images are the first three of the post's images. A post hidden pending review (reports reached the
 * threshold) is left out of every list and detail except for its author's own reads. The list of a
 * category (a forum group, a chigua or archives category) shows its pinned posts first.
 */
import type { PostCard } from '../../contract/calls/content.ts';
import type { PostKind, PostSort } from '../../contract/enums.ts';
import type { Queryable } from './db.ts';
import { categoryTotal, tagTotal } from './counters.ts';
import { fetchKeysetPage, topRows, type Keyset, type KeysetQuery, type KeysetRequest, type SortKey } from './keyset.ts';
import { Filter, likePattern } from './paging.ts';
import { AUTHOR_COLUMNS, authorOf, type AuthorColumns } from './public-users.ts';

export interface PostFilters {
  /** One kind, or every kind (search). */
  kind?: PostKind | undefined;
  /** A category and its descendants (resolved by the caller). */
  categoryIds?: number[] | undefined;
  tagId?: number | undefined;
  authorId?: number | undefined;
  /** Case-insensitive substring of the title or of a tag name. */
  keyword?: string | undefined;
  sort: PostSort;
  /** Who reads the list: their own hidden posts stay in it (public lists have no viewer). */
  viewerId?: number | null | undefined;
}

/**
 * What anyone may see of posts `p` (the public lists, the sitemaps): none hidden, which a post
 * held for review or deleted by a moderator also is.
 */
export const PUBLIC_POST = 'p.hidden_at IS NULL';

/**
 * The condition of posts `p` the viewer may see: hidden (reported, held for review) ones only by
 * their author, and none deleted by a moderator.
 */
const visibleTo = (filter: Filter, viewerId: number | null | undefined): Filter =>
  viewerId === null || viewerId === undefined
    ? filter.require(PUBLIC_POST)
    : filter.require('p.deleted_at IS NULL').add('(p.hidden_at IS NULL OR p.author_id = $?)', viewerId);

interface PostCardRow extends AuthorColumns {
  id: number;
  kind: PostKind;
  title: string;
  summary: string;
  cover: string | null;
  images: string[];
  views: number;
  likes: number;
  replyCount: number;
  priceCoins: number;
  pinned: boolean;
  createdAt: Date;
  categoryId: number;
  categoryName: string;
  topicId: number | null;
  hidden: boolean;
}

export interface PostRow extends PostCardRow {
  body: string;
}

const CARD_COLUMNS = `p.id, p.kind, p.title,
  CASE WHEN p.summary <> '' THEN p.summary ELSE left(p.body, 80) END AS summary,
  p.cover, p.images, p.views, p.likes, p.reply_count AS "replyCount", p.price_coins AS "priceCoins",
  p.pinned, p.created_at AS "createdAt", p.category_id AS "categoryId", c.name AS "categoryName",
  c.topic_id AS "topicId", p.hidden_at IS NOT NULL AS hidden, ${AUTHOR_COLUMNS}`;
const CARD_JOINS = 'JOIN categories c ON c.id = p.category_id LEFT JOIN users u ON u.id = p.author_id';

const SORT_KEYS: Record<PostSort, SortKey> = {
  new: { column: 'p.created_at', kind: 'time' },
  hot: { column: 'p.views', kind: 'int' },
  reply: { column: 'p.reply_count', kind: 'int' },
};

/** The order of a list: pinned first within a category, then the sort, then the id. */
const keysetOf = (sort: PostSort, pinnedFirst: boolean): Keyset => ({
  name: `${pinnedFirst ? 'q' : 'p'}${sort.charAt(0)}`,
  keys: pinnedFirst ? [{ column: 'p.pinned', kind: 'bool' }, SORT_KEYS[sort]] : [SORT_KEYS[sort]],
  id: 'p.id',
});

export const toPostCard = (row: PostCardRow): PostCard => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  summary: row.summary,
  cover: row.cover,
  images: row.images.slice(0, 3),
  author: authorOf(row),
  views: row.views,
  likes: row.likes,
  replyCount: row.replyCount,
  priceCoins: row.priceCoins,
  pinned: row.pinned,
  createdAt: row.createdAt.getTime(),
  category: { categoryId: row.categoryId, name: row.categoryName, topicId: row.topicId },
  ...(row.hidden ? { hidden: true } : {}),
});

/** The list's total from the kept counters, when it has them. */
function keptTotal({ kind, categoryIds, tagId, authorId, keyword, viewerId }: PostFilters): KeysetQuery['total'] {
  if (kind === undefined || authorId !== undefined || keyword !== undefined || (viewerId ?? null) !== null) return;
  if (tagId === undefined) return (q) => categoryTotal(q, kind, categoryIds);
  if (categoryIds === undefined) return (q) => tagTotal(q, kind, tagId);
}

function listQuery(filters: PostFilters): KeysetQuery {
  const filter = new Filter()
    .addIf('p.kind = $?', filters.kind)
    .addIf('EXISTS (SELECT 1 FROM post_tags pt WHERE pt.post_id = p.id AND pt.tag_id = $?)', filters.tagId)
    .addIf('p.author_id = $?', filters.authorId);
  visibleTo(filter, filters.viewerId);
  if (filters.keyword !== undefined) {
    filter.add(
      `(p.title ILIKE $? ESCAPE '\\' OR p.id IN (SELECT pt.post_id FROM post_tags pt
         JOIN tags t ON t.id = pt.tag_id WHERE t.name ILIKE $? ESCAPE '\\'))`,
      likePattern(filters.keyword),
    );
  }
  const { categoryIds } = filters;
  const total = keptTotal(filters);
  return {
    table: 'posts p',
    alias: 'p',
    filter,
    columns: CARD_COLUMNS,
    joins: CARD_JOINS,
    keyset: keysetOf(filters.sort, categoryIds !== undefined),
    ...(categoryIds === undefined ? {} : { oneOf: { column: 'p.category_id', values: categoryIds } }),
    ...(total === undefined ? {} : { total }),
  };
}

export const pagePosts = (q: Queryable, filters: PostFilters, request: KeysetRequest) =>
  fetchKeysetPage(q, listQuery(filters), request, toPostCard);

/** The first `limit` posts of a list, without counting (home rows). */
export async function topPosts(q: Queryable, filters: PostFilters, limit: number): Promise<PostCard[]> {
  return (await topRows<PostCardRow>(q, listQuery(filters), limit)).map(toPostCard);
}

/**
 * A post of the kind (id $1, kind $2, viewer $3) picked by `source`, with its card columns and
 * body; a hidden post only for its author.
 */
const postWithBody = (
  q: Queryable,
  source: string,
  id: number,
  kind: PostKind,
  viewerId: number | null,
): Promise<PostRow | undefined> =>
  q.one<PostRow>(`WITH p AS (${source}) SELECT ${CARD_COLUMNS}, p.body FROM p ${CARD_JOINS}`, [id, kind, viewerId]);

const VISIBLE = '(hidden_at IS NULL OR (author_id = $3 AND deleted_at IS NULL))';

/** A post of the kind with its body, without counting a view (the server's first paint). */
export const findPost = (q: Queryable, id: number, kind: PostKind, viewerId: number | null = null) =>
  postWithBody(q, `SELECT * FROM posts WHERE id = $1 AND kind = $2 AND ${VISIBLE}`, id, kind, viewerId);

/** Whether a post of any kind exists (replies, likes and favourites apply to every kind). */
export async function postExists(q: Queryable, id: number): Promise<boolean> {
  return (await q.one('SELECT 1 AS found FROM posts WHERE id = $1', [id])) !== undefined;
}

/** The posts of the given ids, in the order of the ids; unknown and hidden ids are skipped. */
export async function postsByIds(q: Queryable, ids: readonly number[]): Promise<PostCard[]> {
  if (ids.length === 0) return [];
  const rows = await q.query<PostCardRow>(
    `SELECT ${CARD_COLUMNS} FROM posts p ${CARD_JOINS} WHERE p.id = ANY($1::int[]) AND p.hidden_at IS NULL`,
    [ids],
  );
  const byId = new Map(rows.map((row) => [row.id, toPostCard(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The posts of `ids` everyone may see, as cards, in no particular order (search hits). */
export const postCardsByIds = async (q: Queryable, ids: readonly number[]): Promise<PostCard[]> =>
  (
    await q.query<PostCardRow>(
      `SELECT ${CARD_COLUMNS} FROM posts p ${CARD_JOINS} WHERE p.id = ANY($1::int[]) AND p.hidden_at IS NULL`,
      [ids],
    )
  ).map(toPostCard);
