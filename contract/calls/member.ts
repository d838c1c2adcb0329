/**
 * The member calls' contract: VIP plans and deposits, the wallet (coin packages, coin
 * deposits, ledgers), purchases of movies and posts, favourites and likes lists, watch heartbeats,
 * the points mall (tasks, claims, goods, exchanges) and the personal info (nickname, avatar
 * upload). Every call here needs a session (code 7 without a valid token). Zod schemas for the
 * server; the client imports the types only.
 *
 * Money is in fen (integer), coins and points are integers, times are ms since epoch, days are
 * Asia/Shanghai calendar days. Codes (docs/api.md): 2 bad input (msg names the field),
 * 4 not allowed (task not done, not for sale), 5 not enough coins, points or stock (or a per-user
 * limit reached), 6 unknown id, 9 already done (claimed today, purchased, key reused): a client
 * retry treats 9 as success.
 */
import { z } from 'zod';
import {
  PAY_TYPES,
  type LedgerType,
  type OrderKind,
  type OrderStatus,
  type PayType,
  type UnpaidOrderStatus,
} from '../enums.ts';
import type { UserInfo } from './account.ts';
import { idempotencyKeySchema, pageSchema, type MovieCard, type Page, type PostCard } from './content.ts';

const id = z
  .number({ message: '必须是数字' })
  .int('必须是整数')
  .positive('必须是正整数')
  .max(2_147_483_647, '超出范围');

export const payTypeSchema = z.enum(PAY_TYPES, { message: `payType 必须是 ${PAY_TYPES.join(' 或 ')}` });

export interface VipPlan {
  id: number;
  name: string;
  days: number;
  priceFen: number;
  /** Struck-through price; equal to priceFen when there is no discount. */
  originalPriceFen: number;
  /** A short label such as "推荐" or "限时", or null. */
  badge: string | null;
  description: string;
}

export interface CoinPackage {
  id: number;
  coins: number;
  /** Extra coins credited with the package. */
  bonusCoins: number;
  priceFen: number;
  badge: string | null;
}

export const depositVipSchema = z.object({ planId: id, payType: payTypeSchema });
export const depositCoinSchema = z.object({ packageId: id, payType: payTypeSchema });

/** A deposit's answer: open payUrl (the sandbox cashier), then poll /deposit/order on return. */
export interface DepositOrder {
  orderNo: string;
  payUrl: string;
}

export type { OrderStatus };

export interface OrderInfo {
  orderNo: string;
  kind: OrderKind;
  status: OrderStatus;
  amountFen: number;
  payType: PayType;
  /** e.g. "月度会员 30 天" or "600 金币 + 60 赠送". */
  title: string;
  createdAt: number;
  paidAt: number | null;
  /** kind 'vip': the plan bought. */
  vip: { planId: number; days: number } | null;
  /** kind 'coin': the coins credited (coins + bonusCoins). */
  coin: { packageId: number; coins: number; bonusCoins: number } | null;
  /** The user as of now: after a paid order, the new VIP expiry or coin balance. */
  user: UserInfo;
}

/**
 * A deposit not credited: pending (perhaps paid with the notify lost), failed at the gateway or closed unpaid, of
 * the last OPEN_DEPOSIT_DAYS days, newest first, at most 10. 查询 (/deposit/recheck) asks the
 * gateway about one and answers the order as it then is: paid (已到账), pending (仍未支付), failed.
 */
export interface OpenDeposit {
  orderNo: string;
  kind: OrderKind;
  status: UnpaidOrderStatus;
  amountFen: number;
  payType: PayType;
  title: string;
  createdAt: number;
}

export const OPEN_DEPOSIT_DAYS = 7;

/** Order numbers: 20-32 of [0-9A-Z]. */
export const orderNoSchema = z.object({
  orderNo: z.string().regex(/^[0-9A-Z]{20,32}$/, 'orderNo 格式不正确'),
});

/**
 * What a ledger row records. Coins: deposit (+), purchase (−), exchange (+, coins from the points
 * mall), adjust (±, operator). Points: task (+), exchange (−), adjust (±).
 */

export interface LedgerEntry {
  id: number;
  type: LedgerType;
  title: string;
  /** Signed: positive credits, negative debits. */
  delta: number;
  balanceAfter: number;
  createdAt: number;
}

export const buyMovieSchema = z.object({ movieId: id });
export const buyArticleSchema = z.object({ id });

export interface PurchaseResult {
  /** Coin balance after the purchase. */
  coins: number;
  purchased: true;
}

export type PurchasedMovie = MovieCard & { purchasedAt: number; paidCoins: number };
export type PurchasedPost = PostCard & { purchasedAt: number; paidCoins: number };

export const savedPageSchema = pageSchema.extend({
  type: z.enum(['movie', 'post'], { message: 'type 必须是 movie 或 post' }).optional(),
});

/** One favourite or like: a movie card or a post card, tagged by type, with when it was made. */
export type SavedItem =
  | { type: 'movie'; id: number; createdAt: number; movie: MovieCard }
  | { type: 'post'; id: number; createdAt: number; post: PostCard };

/**
 * Sent every ~15 s while the player plays, and once on play, pause, end and leaving (playing:
 * whether it plays from now on); each beat also saves where the user is in the title (the watch
 * history, contract/calls/watch-history.ts). The server credits min(time since this user's
 * previous heartbeat for the movie, 30 s) when that previous heartbeat said playing, so only real
 * playing time counts.
 */
export const heartbeatSchema = z.object({
  movieId: id,
  position: z.number({ message: 'position 必须是数字' }).min(0, 'position 不能小于 0').max(86_400, 'position 超出范围'),
  playing: z.boolean({ message: 'playing 必须是布尔值' }),
  /** The episode playing (contract/calls/watch-history.ts); old clients send none. */
  episode: z
    .number({ message: 'episode 必须是数字' })
    .int('episode 必须是整数')
    .min(1, 'episode 必须是正整数')
    .max(100_000, 'episode 超出范围')
    .optional(),
  /** The episode's length in seconds, when the player knows it. */
  durationS: z
    .number({ message: 'durationS 必须是数字' })
    .min(0, 'durationS 不能小于 0')
    .max(86_400, 'durationS 超出范围')
    .optional(),
});

export interface WatchProgress {
  movieId: number;
  /** Seconds credited for this movie today. */
  secondsToday: number;
  /** secondsToday reached the watch task's per-movie minimum. */
  counted: boolean;
}

export type PointTaskKey = 'checkin' | 'watch' | 'read' | 'publish';

export interface PointTask {
  id: number;
  key: PointTaskKey;
  name: string;
  description: string;
  /** Points credited by a claim. */
  points: number;
  target: number;
  /** Today's progress, at most target. */
  progress: number;
  /** Claimed today (Asia/Shanghai). */
  claimed: boolean;
  claimable: boolean;
}

export const claimTaskSchema = z.object({ taskId: id });

/**
 * The daily check-in (the 'checkin' task, shown in the points mall): one a day continues the
 * streak, a missed day resets it. Reaching a milestone's days in one streak credits its points
 * once. A 补签 card (so many per member and month) fills the most recent missed day of the current
 * month, so the streak goes on; it credits the base points of that day.
 */
export interface CheckinMilestone {
  /** Consecutive days. */
  days: number;
  points: number;
}

export interface CheckinDay {
  /** 'YYYY-MM-DD' (Asia/Shanghai). */
  day: string;
  checked: boolean;
  /** Filled by a 补签 card. */
  makeup: boolean;
}

export interface CheckinStatus {
  today: string;
  checkedToday: boolean;
  /** Consecutive checked days up to today, or up to yesterday while today is not checked yet. */
  streak: number;
  /** Points of each day's check-in; false enabled: the operator turned check-in off (code 4). */
  basePoints: number;
  enabled: boolean;
  /** reached: rewarded in the current streak. */
  milestones: Array<CheckinMilestone & { reached: boolean }>;
  /** The next milestone of the streak and the check-ins still needed; null when none is left. */
  nextMilestone: (CheckinMilestone & { remaining: number }) | null;
  /** Every day of the current month. */
  month: CheckinDay[];
  makeupCardsPerMonth: number;
  makeupCardsLeft: number;
  /** The day a 补签 card may fill now (the most recent missed day this month), or null. */
  makeupDay: string | null;
}

export interface CheckinResult {
  /** The day checked (today, or the day a 补签 card filled). */
  day: string;
  /** All points credited: the base and any milestone bonus. */
  gained: number;
  bonus: number;
  /** Points balance after. */
  points: number;
  status: CheckinStatus;
}

export const checkinMakeupSchema = z.object({
  day: z.string({ message: 'day 必须是日期' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'day 格式应为 YYYY-MM-DD'),
});

export type GoodsKind = 'vip_days' | 'coins' | 'item';

export interface Goods {
  id: number;
  name: string;
  description: string;
  /** Image path or null. */
  image: string | null;
  /** vip_days: days of VIP per unit; coins: coins per unit; item: 0. Take effect at once. */
  kind: GoodsKind;
  value: number;
  pointsCost: number;
  stock: number;
  /** Units one user may exchange in total; null: no limit. */
  perUserLimit: number | null;
  /** Units this user exchanged so far. */
  exchanged: number;
}

export const exchangeSchema = z.object({
  goodsId: id,
  quantity: z
    .number({ message: 'quantity 必须是数字' })
    .int('quantity 必须是整数')
    .min(1, 'quantity 至少为 1')
    .max(99, 'quantity 最多为 99'),
  idempotencyKey: idempotencyKeySchema,
});

/** replayed: the key was used before for the same exchange; the first answer is returned again. */
export interface ExchangeResult {
  exchangeId: number;
  /** Points balance right after the exchange. */
  points: number;
  replayed: boolean;
}

export interface ExchangeRecord {
  id: number;
  goods: { id: number; name: string; kind: GoodsKind; value: number; image: string | null };
  quantity: number;
  pointsCost: number;
  createdAt: number;
}

export const personalUpdateSchema = z
  .object({
    nickname: z
      .string()
      .trim()
      .min(2, 'nickname 长度不能少于 2 个字符')
      .max(16, 'nickname 长度不能超过 16 个字符')
      .optional(),
    /** A url answered by /shard/memberUploadImg, or the default avatar. */
    avatar: z.string().max(200, 'avatar 过长').optional(),
  })
  .refine((value) => value.nickname !== undefined || value.avatar !== undefined, {
    message: '需要 nickname 或 avatar',
    path: ['nickname'],
  });

/** multipart/form-data with one field "file": JPEG, PNG, WebP or GIF, at most 5 MiB. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

export interface UploadedImage {
  /** Same-origin path of the stored WebP (≤ 512 px each side, 1600 for purpose "post"), e.g. "/uploads/3f…a1.webp". */
  url: string;
  width: number;
  height: number;
}

type In<S extends z.ZodType> = z.input<S>;

/** Path → payload and data of the member calls; merged into Calls in contract/calls/call-map.ts. */
export interface MemberCalls {
  '/system/vipsetting/userGetVipSet': { payload: Record<string, never>; data: VipPlan[] };
  '/deposit/vip': { payload: In<typeof depositVipSchema>; data: DepositOrder };
  '/system/goldset/useGetGoldSet': { payload: Record<string, never>; data: CoinPackage[] };
  '/deposit/coin': { payload: In<typeof depositCoinSchema>; data: DepositOrder };
  '/deposit/order': { payload: In<typeof orderNoSchema>; data: OrderInfo };
  '/deposit/openList': { payload: Record<string, never>; data: OpenDeposit[] };
  /** Asks the gateway about the member's own order (rate-limited); a paid answer credits it once. */
  '/deposit/recheck': { payload: In<typeof orderNoSchema>; data: OrderInfo };
  '/tradPage': { payload: In<typeof pageSchema>; data: Page<LedgerEntry> };
  '/points/ledgerPage': { payload: In<typeof pageSchema>; data: Page<LedgerEntry> };
  '/buy/movie': { payload: In<typeof buyMovieSchema>; data: PurchaseResult };
  '/buy/article': { payload: In<typeof buyArticleSchema>; data: PurchaseResult };
  '/long/buy/getPage': { payload: In<typeof pageSchema>; data: Page<PurchasedMovie> };
  '/buyPage': { payload: In<typeof pageSchema>; data: Page<PurchasedPost> };
  '/article/favorPage': { payload: In<typeof savedPageSchema>; data: Page<SavedItem> };
  '/like/getPage': { payload: In<typeof savedPageSchema>; data: Page<SavedItem> };
  '/movie/heartbeat': { payload: In<typeof heartbeatSchema>; data: WatchProgress };
  '/activity/pointstaskprogress/userGetPointTaskProgress': { payload: Record<string, never>; data: PointTask[] };
  '/activity/pointsmall/userReceivePoints': {
    payload: In<typeof claimTaskSchema>;
    data: { points: number; gained: number };
  };
  '/activity/pointsgoods/userGetGoodsPage': { payload: In<typeof pageSchema>; data: Page<Goods> };
  '/activity/checkin/userGetCheckin': { payload: Record<string, never>; data: CheckinStatus };
  '/activity/checkin/userCheckin': { payload: Record<string, never>; data: CheckinResult };
  '/activity/checkin/userMakeup': { payload: In<typeof checkinMakeupSchema>; data: CheckinResult };
  '/activity/pointsmall/userExchangePointsGoods': { payload: In<typeof exchangeSchema>; data: ExchangeResult };
  '/activity/pointsmall/userExchangePage': { payload: In<typeof pageSchema>; data: Page<ExchangeRecord> };
  '/personal/update': { payload: In<typeof personalUpdateSchema>; data: UserInfo };
  /** Unsigned multipart (field "file"); the token header is still required. */
  '/shard/memberUploadImg': { payload: { file: Blob; purpose?: 'avatar' | 'post' }; data: UploadedImage };
}
