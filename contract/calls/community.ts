/**
 * The community calls' contract (docs/api.md "Community"): replies of posts and comments of movies
 * (one engine, `targetType` post | movie), likes of replies, danmaku, the inbox of notices, Web Push
 * subscriptions and reports. Zod schemas for the server; the client imports the types only.
 *
 * Lists of this domain page by cursor: an answer's `nextCursor` goes back as `cursor` for the next
 * page, null when there is none. A cursor is opaque to the client.
 */
import { z } from 'zod';
import {
  DANMAKU_COLOURS,
  DANMAKU_MODES,
  NOTICE_TYPES,
  REPLY_SORTS,
  REPLY_TARGETS,
  REPORT_REASONS,
  REPORT_TARGETS,
  type DanmakuColour,
  type DanmakuMode,
  type NoticeType,
  type ReplyTarget,
} from '../enums.ts';
import { id, idempotencyKeySchema, type Reply, type UserBrief } from './content.ts';
import { IMAGES_MAX } from './publish-limits.ts';
import { userText } from './publish.ts';
import {
  DANMAKU_TEXT_MAX,
  DANMAKU_WINDOW_MAX_MS,
  MENTIONS_MAX,
  REPLY_BODY_MAX,
  REPORT_DETAIL_MAX,
} from './community-limits.ts';

const cursor = z.string().max(64, 'cursor 无效').optional();
const pageSize = z.number().int().min(1).max(50).default(20);
const targetType = z.enum(REPLY_TARGETS, { message: `targetType 必须是 ${REPLY_TARGETS.join(' 或 ')}` });

export const replyCreateSchema = z.object({
  targetType,
  targetId: id,
  body: userText('body', REPLY_BODY_MAX),
  images: z
    .array(z.string().max(200), { message: 'images 必须是数组' })
    .max(IMAGES_MAX, `images 最多 ${IMAGES_MAX} 张`)
    .default([]),
  quoteId: id.optional(),
  mentions: z
    .array(id, { message: 'mentions 必须是用户 id 的数组' })
    .max(MENTIONS_MAX, `mentions 最多 ${MENTIONS_MAX} 个`)
    .default([]),
  rating: z.number().int('rating 必须是整数').min(1, 'rating 为 1-5').max(5, 'rating 为 1-5').optional(),
  idempotencyKey: idempotencyKeySchema,
});

export const replyPageSchema = z.object({
  targetType,
  targetId: id,
  sort: z.enum(REPLY_SORTS).default('oldest'),
  cursor,
  pageSize,
});

export const replyFloorSchema = z.object({ targetType, targetId: id, floor: id });
export const replyLikeSchema = z.object({ id, like: z.boolean(), idempotencyKey: idempotencyKeySchema.optional() });
export const replyDeleteSchema = z.object({ id });

export const danmakuSendSchema = z.object({
  movieId: id,
  episodeId: id.optional(),
  atMs: z.number().int('atMs 必须是整数').min(0, 'atMs 不能小于 0').max(86_400_000, 'atMs 超出范围'),
  text: userText('text', DANMAKU_TEXT_MAX),
  mode: z.enum(DANMAKU_MODES).default('scroll'),
  colour: z.enum(DANMAKU_COLOURS, { message: 'colour 不是可选的颜色' }).default('#ffffff'),
  idempotencyKey: idempotencyKeySchema,
});

export const danmakuRangeSchema = z
  .object({
    movieId: id,
    episodeId: id.optional(),
    fromMs: z.number().int().min(0, 'fromMs 不能小于 0'),
    toMs: z.number().int().min(0, 'toMs 不能小于 0'),
  })
  .refine((v) => v.toMs > v.fromMs, { message: 'toMs 必须大于 fromMs', path: ['toMs'] })
  .refine((v) => v.toMs - v.fromMs <= DANMAKU_WINDOW_MAX_MS, {
    message: `时间窗口不能超过 ${DANMAKU_WINDOW_MAX_MS} 毫秒`,
    path: ['toMs'],
  });

export const noticePageSchema = z.object({ type: z.enum(NOTICE_TYPES).optional(), cursor, pageSize });
export const noticeReadSchema = z
  .object({
    ids: z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).min(1).max(100).optional(),
    type: z.enum(NOTICE_TYPES).optional(),
  })
  .refine((v) => v.ids === undefined || v.type === undefined, { message: 'ids 与 type 只能给一个', path: ['ids'] });

const base64url = (name: string, max: number) =>
  z
    .string({ message: `${name} 必须是字符串` })
    .min(8, `${name} 无效`)
    .max(max, `${name} 无效`)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${name} 必须是 base64url`);

export const pushSubscribeSchema = z.object({
  endpoint: z.string().min(1, 'endpoint 不能为空').max(1000, 'endpoint 太长'),
  keys: z.object({ p256dh: base64url('keys.p256dh', 200), auth: base64url('keys.auth', 64) }),
  types: z
    .array(z.enum(NOTICE_TYPES))
    .max(NOTICE_TYPES.length)
    .default([...NOTICE_TYPES]),
});
export const pushUnsubscribeSchema = z.object({ endpoint: z.string().min(1).max(1000) });

export const reportCreateSchema = z.object({
  targetType: z.enum(REPORT_TARGETS, { message: `targetType 必须是 ${REPORT_TARGETS.join('、')} 之一` }),
  targetId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  reason: z.enum(REPORT_REASONS, { message: `reason 必须是 ${REPORT_REASONS.join('、')} 之一` }),
  detail: userText('detail', REPORT_DETAIL_MAX).optional(),
});

export const userSuggestSchema = z.object({
  keyword: z.string().trim().min(1, '不能为空').max(20, '不能超过 20 个字符'),
});

export interface ReplyPage {
  list: Reply[];
  nextCursor: string | null;
  /** Replies that count (not deleted), from the target's kept counter. */
  total: number;
}

export interface DanmakuItem {
  id: number;
  atMs: number;
  text: string;
  mode: DanmakuMode;
  colour: DanmakuColour;
  /** The viewer sent it (drawn with an outline). */
  mine: boolean;
}

/** One notice of the inbox. */
export interface Notice {
  id: number;
  type: NoticeType;
  /** Who replied, mentioned or liked; null for a system notice. */
  actor: UserBrief | null;
  /** Where it happened, for the link and the line under the text. */
  targetType: ReplyTarget | null;
  targetId: number | null;
  /** The title of the post or movie. */
  targetTitle: string;
  /** The reply the notice is about (the new reply, the liked reply) and its floor. */
  replyId: number | null;
  floor: number | null;
  /** The reply's text (or the system notice's), cut to 140 code points. */
  excerpt: string;
  /** The in-app path that opens it, e.g. "/topic/12?floor=5". */
  link: string;
  read: boolean;
  createdAt: number;
}

export interface NoticePage {
  list: Notice[];
  nextCursor: string | null;
}

export type UnreadCounts = Record<NoticeType, number> & { total: number };

export interface ReportResult {
  /** This report hid the item pending review (the threshold of distinct reporters was reached). */
  hidden: boolean;
}

type In<S extends z.ZodType> = z.input<S>;

/** Path → payload and data of the community calls; merged into Calls in contract/calls/call-map.ts. */
export interface CommunityCalls {
  '/reply/create': { payload: In<typeof replyCreateSchema>; data: Reply };
  '/reply/getPage': { payload: In<typeof replyPageSchema>; data: ReplyPage };
  '/reply/floor': { payload: In<typeof replyFloorSchema>; data: { cursor: string | null } };
  '/reply/like': { payload: In<typeof replyLikeSchema>; data: { liked: boolean; likes: number } };
  '/reply/delete': { payload: In<typeof replyDeleteSchema>; data: { deleted: boolean } };
  '/danmaku/send': { payload: In<typeof danmakuSendSchema>; data: DanmakuItem };
  '/danmaku/getRange': { payload: In<typeof danmakuRangeSchema>; data: DanmakuItem[] };
  '/notice/getPage': { payload: In<typeof noticePageSchema>; data: NoticePage };
  '/notice/unread': { payload: Record<string, never>; data: UnreadCounts };
  '/notice/read': { payload: In<typeof noticeReadSchema>; data: UnreadCounts };
  '/push/vapidKey': { payload: Record<string, never>; data: { publicKey: string } };
  '/push/subscribe': { payload: In<typeof pushSubscribeSchema>; data: { types: NoticeType[] } };
  '/push/unsubscribe': { payload: In<typeof pushUnsubscribeSchema>; data: { removed: boolean } };
  '/report/create': { payload: In<typeof reportCreateSchema>; data: ReportResult };
  '/user/suggest': { payload: In<typeof userSuggestSchema>; data: UserBrief[] };
}
