/**
 * The moderation queue's items in full: for each key (type and id), the item's text, images, where
 * it is and its in-app link, its author, its reports (newest first, with reasons and reporters, and
 * whether each counts toward hiding),
 * its last decision, and its state derived from the row's flags (deleted, held, hidden), its open
 * reports and that decision. One query per kind of item, whatever the page's size.
 */
import type {
  ItemReport,
  ItemState,
  ModerationItem,
  ModerationTarget,
  ModerationUser,
} from '../../../contract/admin/moderation.ts';
import type { ReportReason } from '../../../contract/enums.ts';
import type { PostKind } from '../../../contract/enums.ts';
import { plainText } from '../../../contract/rich-text.ts';
import type { Queryable } from '../../db/db.ts';

export interface ItemRef {
  type: ModerationTarget;
  id: number;
}

export const POST_PATHS: Record<PostKind, string> = { topic: '/topic', chigua: '/chigua', article: '/archives' };
export const POST_NOUNS: Record<PostKind, string> = { topic: '话题', chigua: '吃瓜', article: '文章' };

const TEXT_MAX = 500;
const cut = (text: string, max = TEXT_MAX): string => {
  const points = Array.from(text);
  return points.length <= max ? text : `${points.slice(0, max).join('')}…`;
};

/** What every kind of row gives, before reports and decisions are added. */
interface Base {
  kind: ModerationItem['kind'];
  text: string;
  title: string | null;
  postKind: PostKind | null;
  images: string[];
  hasVideo: boolean;
  context: string;
  link: string | null;
  author: ModerationUser | null;
  createdAt: number | null;
  deleted: boolean;
  held: boolean;
  hidden: boolean;
}

const AUTHOR = `u.id AS "authorId", u.nickname AS "authorNickname", u.avatar AS "authorAvatar"`;
interface AuthorRow {
  authorId: string | number | null;
  authorNickname: string | null;
  authorAvatar: string | null;
}
const authorOf = (row: AuthorRow): ModerationUser | null =>
  row.authorId === null
    ? null
    : { id: Number(row.authorId), nickname: row.authorNickname ?? '', avatar: row.authorAvatar ?? '' };

const mmss = (ms: number): string => {
  const s = Math.floor(ms / 1000);
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};

async function replies(q: Queryable, ids: number[]): Promise<Map<number, Base>> {
  const rows = await q.query<
    AuthorRow & {
      id: string;
      body: string;
      images: string[];
      floor: number;
      targetType: 'post' | 'movie';
      targetId: number;
      createdAt: Date;
      deleted: boolean;
      hidden: boolean;
      targetTitle: string | null;
      postKind: PostKind | null;
    }
  >(
    `SELECT r.id, r.body, r.images, r.floor, r.target_type AS "targetType", r.target_id AS "targetId",
       r.created_at AS "createdAt", r.deleted_at IS NOT NULL AS deleted, r.hidden_at IS NOT NULL AS hidden,
       coalesce(p.title, m.title) AS "targetTitle", p.kind AS "postKind", ${AUTHOR}
     FROM replies r LEFT JOIN users u ON u.id = r.author_id
       LEFT JOIN posts p ON r.target_type = 'post' AND p.id = r.target_id
       LEFT JOIN movies m ON r.target_type = 'movie' AND m.id = r.target_id
     WHERE r.id = ANY($1::bigint[])`,
    [ids],
  );
  return new Map(
    rows.map((row) => {
      const movie = row.targetType === 'movie';
      const base = movie ? '/movie' : POST_PATHS[row.postKind ?? 'topic'];
      return [
        Number(row.id),
        {
          kind: movie ? 'comment' : 'reply',
          text: row.deleted ? '' : cut(plainText(row.body)),
          title: null,
          postKind: null,
          images: row.deleted ? [] : row.images,
          hasVideo: false,
          context: movie
            ? `影片《${row.targetTitle ?? row.targetId}》 第 ${row.floor} 楼`
            : `${POST_NOUNS[row.postKind ?? 'topic']}「${row.targetTitle ?? row.targetId}」 第 ${row.floor} 楼`,
          link: `${base}/${row.targetId}?floor=${row.floor}`,
          author: authorOf(row),
          createdAt: row.createdAt.getTime(),
          deleted: row.deleted,
          held: false,
          hidden: row.hidden,
        },
      ];
    }),
  );
}

async function posts(q: Queryable, ids: number[]): Promise<Map<number, Base>> {
  const rows = await q.query<
    AuthorRow & {
      id: number;
      kind: PostKind;
      title: string;
      body: string;
      images: string[];
      hasVideo: boolean;
      createdAt: Date;
      deleted: boolean;
      held: boolean;
      hidden: boolean;
      categoryName: string;
    }
  >(
    `SELECT p.id, p.kind, p.title, p.body, p.images, p.video_upload_id IS NOT NULL AS "hasVideo",
       p.created_at AS "createdAt", p.deleted_at IS NOT NULL AS deleted, p.held_at IS NOT NULL AS held,
       p.hidden_at IS NOT NULL AS hidden, c.name AS "categoryName", ${AUTHOR}
     FROM posts p JOIN categories c ON c.id = p.category_id LEFT JOIN users u ON u.id = p.author_id
     WHERE p.id = ANY($1::int[])`,
    [ids],
  );
  return new Map(
    rows.map((row) => [
      row.id,
      {
        kind: 'post',
        text: cut(plainText(row.body)),
        title: row.title,
        postKind: row.kind,
        images: row.images,
        hasVideo: row.hasVideo,
        context: `${POST_NOUNS[row.kind]} · ${row.categoryName}`,
        link: `${POST_PATHS[row.kind]}/${row.id}`,
        author: authorOf(row),
        createdAt: row.createdAt.getTime(),
        deleted: row.deleted,
        held: row.held,
        hidden: row.hidden,
      },
    ]),
  );
}

async function danmaku(q: Queryable, ids: number[]): Promise<Map<number, Base>> {
  const rows = await q.query<
    AuthorRow & {
      id: string;
      text: string;
      movieId: number;
      atMs: number;
      title: string;
      createdAt: Date;
      deleted: boolean;
      hidden: boolean;
    }
  >(
    `SELECT d.id, d.text, d.movie_id AS "movieId", d.at_ms AS "atMs", m.title, d.created_at AS "createdAt",
       d.deleted_at IS NOT NULL AS deleted, d.hidden_at IS NOT NULL AS hidden, d.user_id AS "authorId",
       u.nickname AS "authorNickname", u.avatar AS "authorAvatar"
     FROM danmaku d JOIN movies m ON m.id = d.movie_id LEFT JOIN users u ON u.id = d.user_id
     WHERE d.id = ANY($1::bigint[])`,
    [ids],
  );
  return new Map(
    rows.map((row) => [
      Number(row.id),
      {
        kind: 'danmaku',
        text: row.text,
        title: null,
        postKind: null,
        images: [],
        hasVideo: false,
        context: `影片《${row.title}》 ${mmss(row.atMs)}`,
        link: `/movie/play/${row.movieId}`,
        author: authorOf(row),
        createdAt: row.createdAt.getTime(),
        deleted: row.deleted,
        held: false,
        hidden: row.hidden,
      },
    ]),
  );
}

async function users(q: Queryable, ids: number[]): Promise<Map<number, Base>> {
  const rows = await q.query<{
    id: string;
    nickname: string;
    avatar: string;
    bio: string;
    createdAt: Date;
    hidden: boolean;
  }>(
    `SELECT id, nickname, avatar, bio, created_at AS "createdAt", hidden_at IS NOT NULL AS hidden
     FROM users WHERE id = ANY($1::bigint[])`,
    [ids],
  );
  return new Map(
    rows.map((row) => [
      Number(row.id),
      {
        kind: 'user',
        text: row.bio ? `昵称：${row.nickname}\n简介：${row.bio}` : `昵称：${row.nickname}`,
        title: null,
        postKind: null,
        images: [row.avatar],
        hasVideo: false,
        context: '个人资料（昵称、头像、简介）',
        link: `/user/${row.id}`,
        author: { id: Number(row.id), nickname: row.nickname, avatar: row.avatar },
        createdAt: row.createdAt.getTime(),
        deleted: false,
        held: false,
        hidden: row.hidden,
      },
    ]),
  );
}

const LOADERS: Record<ModerationTarget, (q: Queryable, ids: number[]) => Promise<Map<number, Base>>> = {
  reply: replies,
  post: posts,
  danmaku,
  user: users,
};

const REPORTS_SHOWN = 20;

interface ReportRow extends AuthorRow {
  id: string;
  type: ModerationTarget;
  targetId: string;
  reason: ReportReason;
  detail: string;
  state: ItemReport['state'];
  counted: boolean;
  at: Date;
}

interface DecisionRow {
  type: ModerationTarget;
  targetId: string;
  action: 'approve' | 'hide' | 'delete';
  reason: string;
  operator: string | null;
  at: Date;
}

function stateOf(base: Base, open: number, decision: ModerationItem['decision']): ItemState {
  if (base.deleted) return 'deleted';
  if (base.held) return 'held';
  if (base.hidden) return decision?.action === 'hide' && open === 0 ? 'hidden' : 'auto_hidden';
  if (open > 0 || !decision) return 'pending';
  return decision.action === 'approve' ? 'approved' : decision.action === 'hide' ? 'hidden' : 'deleted';
}

/** The items of the refs, in their order; refs whose row is gone are left out. */
export async function loadItems(
  q: Queryable,
  refs: readonly (ItemRef & { at?: Date; siteId?: number | null })[],
): Promise<ModerationItem[]> {
  if (refs.length === 0) return [];
  const bases = new Map<string, Base>();
  for (const type of Object.keys(LOADERS) as ModerationTarget[]) {
    const ids = refs.filter((ref) => ref.type === type).map((ref) => ref.id);
    if (ids.length === 0) continue;
    for (const [id, base] of await LOADERS[type](q, ids)) bases.set(`${type}:${id}`, base);
  }
  const types = refs.map((ref) => ref.type);
  const ids = refs.map((ref) => ref.id);
  const reports = await q.query<ReportRow>(
    `SELECT r.id, r.target_type AS type, r.target_id AS "targetId", r.reason, r.detail, r.state, r.counted,
       r.created_at AS at, ${AUTHOR}
     FROM reports r LEFT JOIN users u ON u.id = r.reporter_id
     WHERE (r.target_type, r.target_id) IN (SELECT * FROM unnest($1::text[], $2::bigint[]))
     ORDER BY r.id DESC`,
    [types, ids],
  );
  const decisions = await q.query<DecisionRow>(
    `SELECT d.target_type AS type, d.target_id AS "targetId", d.action, d.reason, o.username AS operator,
       d.decided_at AS at
     FROM moderation_decisions d LEFT JOIN operators o ON o.id = d.operator_id
     WHERE (d.target_type, d.target_id) IN (SELECT * FROM unnest($1::text[], $2::bigint[]))`,
    [types, ids],
  );
  const sites = await q.query<{ type: ModerationTarget; id: string; siteId: number | null }>(
    `SELECT t.type, t.id, coalesce(
       (SELECT u.site_id FROM users u WHERE u.id = CASE t.type
          WHEN 'reply' THEN (SELECT author_id FROM replies WHERE id = t.id)
          WHEN 'post' THEN (SELECT author_id FROM posts WHERE id = t.id)
          WHEN 'danmaku' THEN (SELECT user_id FROM danmaku WHERE id = t.id)
          ELSE t.id END),
       (SELECT min(site_id) FROM reports WHERE target_type = t.type AND target_id = t.id)) AS "siteId"
     FROM unnest($1::text[], $2::bigint[]) AS t(type, id)`,
    [types, ids],
  );
  const siteOf = new Map(sites.map((row) => [`${row.type}:${Number(row.id)}`, row.siteId]));
  const reportsOf = new Map<string, ReportRow[]>();
  for (const row of reports) {
    const key = `${row.type}:${Number(row.targetId)}`;
    reportsOf.set(key, [...(reportsOf.get(key) ?? []), row]);
  }
  const decisionOf = new Map(decisions.map((row) => [`${row.type}:${Number(row.targetId)}`, row]));
  return refs.flatMap((ref): ModerationItem[] => {
    const key = `${ref.type}:${ref.id}`;
    const base = bases.get(key);
    if (!base) return [];
    const all = reportsOf.get(key) ?? [];
    const open = all.filter((row) => row.state === 'open');
    // What the counts are of: the open reports, else (a handled item) all of them.
    const tallied = open.length > 0 ? open : all;
    const reasonCounts: ModerationItem['reasonCounts'] = {};
    for (const row of tallied) reasonCounts[row.reason] = (reasonCounts[row.reason] ?? 0) + 1;
    const d = decisionOf.get(key);
    const decision = d ? { action: d.action, reason: d.reason, operator: d.operator, at: d.at.getTime() } : null;
    const { deleted: _d, held, hidden: _h, ...shown } = base;
    const flags: ModerationItem['flags'] = [];
    if (open.length > 0) flags.push('reports');
    if (held) flags.push('first_post');
    return [
      {
        id: key,
        type: ref.type,
        ...shown,
        state: stateOf(base, open.length, decision),
        siteId: siteOf.get(key) ?? null,
        reportCount: tallied.length,
        countedReports: tallied.filter((row) => row.counted).length,
        reasonCounts,
        reports: all.slice(0, REPORTS_SHOWN).map((row) => ({
          id: Number(row.id),
          reporter: authorOf(row),
          reason: row.reason,
          detail: row.detail,
          state: row.state,
          counted: row.counted,
          at: row.at.getTime(),
        })),
        flags,
        decision,
        at: (ref.at ?? d?.at ?? all[0]?.at ?? new Date(base.createdAt ?? 0)).getTime(),
      },
    ];
  });
}
