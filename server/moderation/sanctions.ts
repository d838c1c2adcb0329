/**
 * Members' mutes and bans (user_sanctions, set in the console) and the one check every signed
 * write goes through (`refuseSanctioned`, called by the call pipeline, server/protocol/run-call.ts):
 * - muted: may read and sign in; content writes (WRITES[path] === 'content': replies and comments,
 *   danmaku, topics, profile edits, uploads) are refused;
 * - banned: may still sign in and read (their inbox says why), every other call is refused.
 * Both answer code 4 with the end time and the reason, e.g. 你已被禁言至 2026-12-01 12:00，原因：刷屏.
 * A sanction whose end has passed no longer applies (no job lifts it).
 */
import { API, type ApiPath } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { ApiError } from '../api-error.ts';
import type { Queryable } from '../db/db.ts';
import { siteMinute } from '../db/site-day.ts';

export type SanctionKind = 'mute' | 'ban';

/** read: open to banned members; content: refused to muted and banned; write: refused to banned. */
type WriteKind = 'read' | 'content' | 'write';

/** Each call's kind; a call not listed is a 'write' (refused to banned members). */
const WRITES: Partial<Record<ApiPath, WriteKind>> & Record<string, WriteKind> = {
  [API.registerDevice]: 'read',
  [API.loginDevice]: 'read',
  [API.loginAccount]: 'read',
  [API.bindAccount]: 'write',
  [API.current]: 'read',
  [API.getUserInfo]: 'read',
  [API.init]: 'read',
  [API.home]: 'read',
  [API.banners]: 'read',
  [API.bannerClick]: 'read',
  [API.categoryTree]: 'read',
  [API.categoryDetail]: 'read',
  [API.cdnLines]: 'read',
  [API.dictionary]: 'read',
  [API.hotTags]: 'read',
  [API.allTags]: 'read',
  [API.tagDetail]: 'read',
  [API.moviePage]: 'read',
  [API.movieDetail]: 'read',
  [API.moviePlay]: 'read',
  [API.downloadOptions]: 'read',
  [API.downloadTicket]: 'read',
  [API.movieLike]: 'write',
  [API.movieFavourite]: 'write',
  [API.topicPage]: 'read',
  [API.topicDetail]: 'read',
  [API.topicReplies]: 'read',
  [API.topicLike]: 'write',
  [API.topicFavourite]: 'write',
  [API.forumList]: 'read',
  [API.forumDetail]: 'read',
  [API.chiguaPage]: 'read',
  [API.chiguaDetail]: 'read',
  [API.archivesPage]: 'read',
  [API.archivesDetail]: 'read',
  [API.userPage]: 'read',
  [API.userDetail]: 'read',
  [API.featuredList]: 'read',
  [API.featuredDetail]: 'read',
  [API.searchAll]: 'read',
  [API.searchMovies]: 'read',
  [API.searchPosts]: 'read',
  [API.searchUsers]: 'read',
  [API.searchSuggest]: 'read',
  [API.searchHot]: 'read',
  [API.typeInfo]: 'read',
  [API.typePage]: 'read',
  [API.vipPlans]: 'read',
  [API.depositVip]: 'write',
  [API.coinPackages]: 'read',
  [API.depositCoin]: 'write',
  [API.depositOrder]: 'read',
  [API.coinLedger]: 'read',
  [API.pointsLedger]: 'read',
  [API.buyMovie]: 'write',
  [API.buyArticle]: 'write',
  [API.moviePurchases]: 'read',
  [API.articlePurchases]: 'read',
  [API.favourites]: 'read',
  [API.likes]: 'read',
  [API.movieHeartbeat]: 'read',
  [API.watchHistory]: 'read',
  [API.watchHistoryClear]: 'read',
  [API.pointTasks]: 'read',
  [API.claimTask]: 'write',
  [API.goodsPage]: 'read',
  [API.exchangeGoods]: 'write',
  [API.checkinStatus]: 'read',
  [API.checkIn]: 'write',
  [API.checkinMakeup]: 'write',
  [API.exchangePage]: 'read',
  [API.updatePersonal]: 'content',
  [API.uploadImage]: 'content',
  [API.chunkCheck]: 'content',
  [API.chunkUpload]: 'content',
  [API.chunkMerge]: 'content',
  [API.chunkCancel]: 'read',
  [API.topicPublish]: 'content',
  [API.topicVideo]: 'read',
  [API.replyCreate]: 'content',
  [API.replyPage]: 'read',
  [API.replyFloor]: 'read',
  [API.replyLike]: 'write',
  [API.replyDelete]: 'write',
  [API.danmakuSend]: 'content',
  [API.danmakuRange]: 'read',
  [API.noticePage]: 'read',
  [API.noticeUnread]: 'read',
  [API.noticeRead]: 'read',
  [API.pushVapidKey]: 'read',
  [API.pushSubscribe]: 'read',
  [API.pushUnsubscribe]: 'read',
  [API.reportCreate]: 'write',
  [API.userSuggest]: 'read',
};

export interface Sanction {
  kind: SanctionKind;
  /** ms since epoch; null: permanent. */
  until: number | null;
  reason: string;
}

const VERB: Record<SanctionKind, string> = { mute: '禁言', ban: '封禁' };

/** 你已被禁言至 2026-12-01 12:00，原因：… (or 永久禁言). */
export function sanctionMessage(sanction: Sanction): string {
  const verb = VERB[sanction.kind];
  const period = sanction.until === null ? `永久${verb}` : `${verb}至 ${siteMinute(sanction.until)}`;
  return `${sanction.kind === 'ban' ? '你的账号已被' : '你已被'}${period}，原因：${sanction.reason}`;
}

/** The member's sanctions in force, ban first. */
export async function sanctionsOf(q: Queryable, userId: number, now: number): Promise<Sanction[]> {
  const rows = await q.query<{ kind: SanctionKind; until: Date | null; reason: string }>(
    `SELECT kind, until, reason FROM user_sanctions
     WHERE user_id = $1 AND (until IS NULL OR until > $2::timestamptz) ORDER BY kind = 'ban' DESC`,
    [userId, new Date(now).toISOString()],
  );
  return rows.map((row) => ({ kind: row.kind, until: row.until ? row.until.getTime() : null, reason: row.reason }));
}

/**
 * Throws code 4 with the sanction's message when the member may not make this call: a content
 * write while muted or banned, any call but a read while banned. Reads cost no query.
 */
export async function refuseSanctioned(q: Queryable, path: string, userId: number, now: number): Promise<void> {
  const kind = WRITES[path] ?? 'write';
  if (kind === 'read') return;
  const sanctions = await sanctionsOf(q, userId, now);
  const refusing = sanctions.find((s) => s.kind === 'ban' || kind === 'content');
  if (refusing) throw new ApiError(Code.NotAllowed, sanctionMessage(refusing));
}
