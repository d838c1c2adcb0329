/**
 * A moderator's decision on one item, in one transaction: the item's row locked and changed
 * (approve: shown again, and a held post released; hide: hidden_at set; delete: a reply through the
 * reply engine's markDeleted, keeping its floor and uncounting it; a post or danmaku marked deleted
 * and hidden; a profile reset to a guest's name, the default avatar and no bio), the item's open
 * reports closed (dismissed on approve, upheld otherwise), the decision kept for the 已处理 tab,
 * a 系统通知 to the author with the reason (pushed like every notice), and the audit row.
 */
import type { ItemState, ModerationAction, ModerationTarget } from '../../../contract/admin/moderation.ts';
import type { OperatorInfo } from '../../../contract/admin/session.ts';
import type { PostKind } from '../../../contract/enums.ts';
import { plainText } from '../../../contract/rich-text.ts';
import type { Queryable } from '../../db/db.ts';
import { addNotices, type NewNotice } from '../../db/notices.ts';
import { lockReply, markDeleted } from '../../db/reply-writes.ts';
import { DEFAULT_AVATAR } from '../../db/users.ts';
import { guestNickname, storeSkeleton } from '../../db/nickname-skeletons.ts';
import { indexModerated } from '../../search/index-writes.ts';
import { AdminHttpError, badField } from '../admin-errors.ts';
import { audit } from '../audit.ts';
import { assertSite } from '../guards.ts';
import { POST_NOUNS, POST_PATHS } from './queue-items.ts';

/** The row as a decision needs it, locked. */
interface Locked {
  ownerId: number | null;
  siteId: number | null;
  deleted: boolean;
  hidden: boolean;
  held: boolean;
  /** 回复, 评论, 话题, 弹幕, 个人资料 … */
  noun: string;
  excerpt: string;
  notice: Pick<NewNotice, 'targetType' | 'targetId' | 'link'>;
}

const EXCERPT = 24;
const short = (text: string): string => {
  const points = Array.from(text.replace(/\s+/g, ' ').trim());
  return points.length <= EXCERPT ? points.join('') : `${points.slice(0, EXCERPT).join('')}…`;
};

const SITE_OF = (owner: string) => `coalesce((SELECT site_id FROM users WHERE id = ${owner}),
  (SELECT min(site_id) FROM reports WHERE target_type = $2 AND target_id = $1))`;

async function lockItem(q: Queryable, type: ModerationTarget, id: number): Promise<Locked | undefined> {
  if (type === 'reply') {
    const row = await q.one<{
      ownerId: number | null;
      siteId: number | null;
      targetType: 'post' | 'movie';
      targetId: number;
      floor: number;
      body: string;
      deleted: boolean;
      hidden: boolean;
      kind: PostKind | null;
    }>(
      `SELECT r.author_id AS "ownerId", ${SITE_OF('r.author_id')} AS "siteId", r.target_type AS "targetType",
         r.target_id AS "targetId", r.floor, r.body, r.deleted_at IS NOT NULL AS deleted,
         r.hidden_at IS NOT NULL AS hidden, p.kind
       FROM replies r LEFT JOIN posts p ON r.target_type = 'post' AND p.id = r.target_id
       WHERE r.id = $1 AND $2 = 'reply' FOR NO KEY UPDATE OF r`,
      [id, type],
    );
    if (!row) return undefined;
    const movie = row.targetType === 'movie';
    const base = movie ? '/movie' : POST_PATHS[row.kind ?? 'topic'];
    return {
      ...row,
      held: false,
      noun: movie ? '评论' : '回复',
      excerpt: short(plainText(row.body)),
      notice: {
        targetType: row.targetType,
        targetId: row.targetId,
        link: `${base}/${row.targetId}?floor=${row.floor}`,
      },
    };
  }
  if (type === 'post') {
    const row = await q.one<{
      ownerId: number | null;
      siteId: number | null;
      kind: PostKind;
      title: string;
      deleted: boolean;
      hidden: boolean;
      held: boolean;
    }>(
      `SELECT author_id AS "ownerId", ${SITE_OF('author_id')} AS "siteId", kind, title,
         deleted_at IS NOT NULL AS deleted, hidden_at IS NOT NULL AS hidden, held_at IS NOT NULL AS held
       FROM posts WHERE id = $1 AND $2 = 'post' FOR NO KEY UPDATE`,
      [id, type],
    );
    if (!row) return undefined;
    return {
      ...row,
      noun: POST_NOUNS[row.kind],
      excerpt: short(row.title),
      notice: { targetType: 'post', targetId: id, link: `${POST_PATHS[row.kind]}/${id}` },
    };
  }
  if (type === 'danmaku') {
    const row = await q.one<{
      ownerId: number | null;
      siteId: number | null;
      movieId: number;
      text: string;
      deleted: boolean;
      hidden: boolean;
    }>(
      `SELECT user_id AS "ownerId", ${SITE_OF('user_id')} AS "siteId", movie_id AS "movieId", text,
         deleted_at IS NOT NULL AS deleted, hidden_at IS NOT NULL AS hidden
       FROM danmaku WHERE id = $1 AND $2 = 'danmaku' FOR NO KEY UPDATE`,
      [id, type],
    );
    if (!row) return undefined;
    return {
      ...row,
      held: false,
      noun: '弹幕',
      excerpt: short(row.text),
      notice: { targetType: 'movie', targetId: row.movieId, link: `/movie/play/${row.movieId}` },
    };
  }
  const row = await q.one<{ siteId: number; nickname: string; hidden: boolean }>(
    `SELECT site_id AS "siteId", nickname, hidden_at IS NOT NULL AS hidden FROM users
     WHERE id = $1 AND $2 = 'user' FOR NO KEY UPDATE`,
    [id, type],
  );
  if (!row) return undefined;
  return {
    ownerId: id,
    siteId: row.siteId,
    deleted: false,
    hidden: row.hidden,
    held: false,
    noun: '个人资料',
    excerpt: short(row.nickname),
    notice: { targetType: null, targetId: null, link: `/user/${id}` },
  };
}

const TABLE: Record<ModerationTarget, string> = { reply: 'replies', post: 'posts', danmaku: 'danmaku', user: 'users' };

async function apply(
  q: Queryable,
  type: ModerationTarget,
  id: number,
  action: ModerationAction,
  siteId: number | null,
): Promise<void> {
  const table = TABLE[type];
  if (action === 'approve') {
    await q.query(`UPDATE ${table} SET hidden_at = NULL${type === 'post' ? ', held_at = NULL' : ''} WHERE id = $1`, [
      id,
    ]);
  } else if (action === 'hide') {
    await q.query(`UPDATE ${table} SET hidden_at = coalesce(hidden_at, now()) WHERE id = $1`, [id]);
  } else if (type === 'reply') {
    await markDeleted(q, (await lockReply(q, id))!);
    // Its floor shows to everyone as 该回复已删除 (the text is gone), not hidden pending review.
    await q.query('UPDATE replies SET hidden_at = NULL WHERE id = $1', [id]);
  } else if (type === 'user') {
    const name = await guestNickname(q, siteId!);
    await q.query(`UPDATE users SET nickname = $2, avatar = $3, bio = '', hidden_at = NULL WHERE id = $1`, [
      id,
      name.nickname,
      DEFAULT_AVATAR,
    ]);
    await storeSkeleton(q, id, name.skeleton);
  } else {
    await q.query(`UPDATE ${table} SET deleted_at = now(), hidden_at = coalesce(hidden_at, now()) WHERE id = $1`, [id]);
  }
}

function noticeText(item: Locked, type: ModerationTarget, action: ModerationAction, reason: string): string | null {
  const what = type === 'user' ? '你的个人资料' : `你的${item.noun}「${item.excerpt}」`;
  if (action === 'approve') {
    if (item.held) return `${what}已通过审核，现已公开显示`;
    return item.hidden ? `${what}经审核已恢复显示${reason ? `，说明：${reason}` : ''}` : null;
  }
  if (action === 'hide') return `${what}已被隐藏，原因：${reason}`;
  return type === 'user' ? `${what}（昵称、头像、简介）已被重置，原因：${reason}` : `${what}已被删除，原因：${reason}`;
}

const stateBefore = (item: Locked): ItemState =>
  item.deleted ? 'deleted' : item.held ? 'held' : item.hidden ? 'auto_hidden' : 'pending';

const STATE_AFTER: Record<ModerationAction, ItemState> = { approve: 'approved', hide: 'hidden', delete: 'deleted' };

export interface Decision {
  type: ModerationTarget;
  id: number;
  action: ModerationAction;
  reason: string;
  operator: OperatorInfo;
  address: string;
}

/** Takes the decision; 404 when the item is not there, 403 outside the operator's sites, 400 on a deleted item. */
export async function decide(q: Queryable, decision: Decision): Promise<void> {
  const { type, id, action, reason, operator } = decision;
  const item = await lockItem(q, type, id);
  if (!item) throw new AdminHttpError(404, `内容不存在：${type}:${id}`);
  if (item.siteId === null) {
    if (operator.siteIds !== null) throw new AdminHttpError(403, '没有该站点的权限');
  } else assertSite(operator, item.siteId);
  if (item.deleted) throw badField('action', '该内容已删除，不能再处理');
  await apply(q, type, id, action, item.siteId);
  await indexModerated(q, type, id);
  await q.query(`UPDATE reports SET state = $3 WHERE target_type = $1 AND target_id = $2 AND state = 'open'`, [
    type,
    id,
    action === 'approve' ? 'dismissed' : 'upheld',
  ]);
  await q.query(
    `INSERT INTO moderation_decisions (target_type, target_id, site_id, action, reason, operator_id, decided_at)
     VALUES ($1, $2, $3, $4, $5, $6, now())
     ON CONFLICT (target_type, target_id) DO UPDATE SET site_id = EXCLUDED.site_id, action = EXCLUDED.action,
       reason = EXCLUDED.reason, operator_id = EXCLUDED.operator_id, decided_at = EXCLUDED.decided_at`,
    [type, id, item.siteId, action, reason, operator.id],
  );
  const text = noticeText(item, type, action, reason);
  if (text && item.ownerId !== null) {
    await addNotices(q, [
      { userId: item.ownerId, type: 'system', actorId: null, replyId: null, excerpt: text, ...item.notice },
    ]);
  }
  await audit(q, {
    operatorId: operator.id,
    address: decision.address,
    action: `moderation.${action}`,
    targetType: type,
    targetId: id,
    before: { state: stateBefore(item) },
    after: { state: STATE_AFTER[action], reason },
  });
}
