/**
 * Every fixed list the client, the server and the database share, written once. Schemas take them
 * with `z.enum(LIST)`, types with `(typeof LIST)[number]`, screens iterate them, message maps are
 * `Record<Type, string>` (a new value without a label fails the type-check), and the database's
 * CHECK constraints are tested against them (server/test/enums.test.ts).
 */

/** Payment channels of a deposit, in the order the picker shows them. */
export const PAY_TYPES = ['alipay', 'wxpay'] as const;
export type PayType = (typeof PAY_TYPES)[number];

/** The kinds of post: forum topics, 吃瓜 and articles. */
export const POST_KINDS = ['topic', 'chigua', 'article'] as const;
export type PostKind = (typeof POST_KINDS)[number];

/** Sorts of the movie list, in the order the filter shows them; the first is the default. */
export const MOVIE_SORTS = ['new', 'hot', 'like'] as const;
export type MovieSort = (typeof MOVIE_SORTS)[number];

/** Sorts of a post list, in the order the tabs show them; the first is the default. */
export const POST_SORTS = ['new', 'hot', 'reply'] as const;
export type PostSort = (typeof POST_SORTS)[number];

/** What a deposit buys. */
export const ORDER_KINDS = ['vip', 'coin'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/** An order's state: pending until paid (or failed at the gateway); a paid order may be refunded once. */
/** 'expired': still unpaid ORDER_EXPIRE_MINUTES after it was made (已关闭); a late payment still credits it. */
export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'expired', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Not credited, and a payment the gateway reports may still credit it (查询 / 重新查询 are offered). */
export const UNPAID_ORDER_STATUSES = ['pending', 'failed', 'expired'] as const satisfies readonly OrderStatus[];
export type UnpaidOrderStatus = (typeof UNPAID_ORDER_STATUSES)[number];
export const isUnpaidOrder = (status: OrderStatus): status is UnpaidOrderStatus =>
  (UNPAID_ORDER_STATUSES as readonly OrderStatus[]).includes(status);

/** What moves a member's coins or points: every ledger row has one. */
export const LEDGER_TYPES = ['deposit', 'purchase', 'exchange', 'task', 'adjust', 'refund'] as const;
export type LedgerType = (typeof LEDGER_TYPES)[number];

/** What replies hang under: posts of every kind (topic, 吃瓜, article) and movies (their comments). */
export const REPLY_TARGETS = ['post', 'movie'] as const;
export type ReplyTarget = (typeof REPLY_TARGETS)[number];

/** Orders of a reply list, in the order the tabs show them; the first is the default. */
export const REPLY_SORTS = ['oldest', 'newest', 'hottest'] as const;
export type ReplySort = (typeof REPLY_SORTS)[number];

/** Where a danmaku runs: across the screen, or fixed at the top or the bottom. */
export const DANMAKU_MODES = ['scroll', 'top', 'bottom'] as const;
export type DanmakuMode = (typeof DANMAKU_MODES)[number];

/** The colours a viewer may give a danmaku, white first (the default). */
export const DANMAKU_COLOURS = ['#ffffff', '#fe0302', '#ff7204', '#ffe133', '#00cd00', '#00a1d6', '#cc0273'] as const;
export type DanmakuColour = (typeof DANMAKU_COLOURS)[number];

/** The inbox's tabs, in their order: 回复我的, @我的, 收到的赞, 系统通知. */
export const NOTICE_TYPES = ['reply', 'mention', 'like', 'system'] as const;
export type NoticeType = (typeof NOTICE_TYPES)[number];

/** What can be reported: a reply or movie comment, a post, a danmaku, a user. */
export const REPORT_TARGETS = ['reply', 'post', 'danmaku', 'user'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

/** The reasons a report offers, in the order the sheet shows them. */
export const REPORT_REASONS = ['spam', 'porn', 'abuse', 'illegal', 'spoiler', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
/** Each reason as both the app's report sheet and the console's queue word it. */
export const REPORT_REASON_LABELS: Readonly<Record<ReportReason, string>> = {
  spam: '垃圾广告',
  porn: '色情低俗',
  abuse: '人身攻击',
  illegal: '违法违规',
  spoiler: '剧透',
  other: '其他',
};

/** What the sensitive-word list does with a word it finds: refuse the text, or mask the word with *. */
export const WORD_ACTIONS = ['refuse', 'mask'] as const;
export type WordAction = (typeof WORD_ACTIONS)[number];
