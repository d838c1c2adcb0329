/**
 * The console's moderation calls (docs/admin-api.md, 审核): the queue of reported and held items,
 * decisions on them, members' mutes and bans, the sensitive-word list and first-post review.
 * Types and limits only; the server validates with zod of its own.
 *
 * An item's id is `<type>:<row id>`: `reply:12` (a reply of a post or a movie comment: both are
 * rows of replies), `post:34` (a topic, 吃瓜 or article, with its images and video), `danmaku:5`,
 * `user:6` (a member's profile: nickname, avatar, bio).
 */
import type { PostKind, ReportReason, WordAction } from '../enums.ts';

export const MODERATION_TARGETS = ['reply', 'post', 'danmaku', 'user'] as const;
export type ModerationTarget = (typeof MODERATION_TARGETS)[number];

/** What the queue's type filter offers: a reply of a post, a movie comment, …; upload: posts and replies with images or a video. */
export const MODERATION_KINDS = ['reply', 'comment', 'danmaku', 'post', 'upload', 'user'] as const;
export type ModerationKind = (typeof MODERATION_KINDS)[number];

/** pending: waiting for a moderator (the 待处理 tab); handled: decided (已处理). */
export const QUEUE_STATES = ['pending', 'handled'] as const;
export type QueueState = (typeof QUEUE_STATES)[number];

/**
 * An item's state: pending (reported, still shown), auto_hidden (reports reached the threshold),
 * held (first-post review), approved, hidden, deleted (by a moderator; a deleted reply keeps its floor).
 */
export type ItemState = 'pending' | 'auto_hidden' | 'held' | 'approved' | 'hidden' | 'deleted';

export const MODERATION_ACTIONS = ['approve', 'hide', 'delete'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** `bulk`: the items one POST /admin-api/moderation/decisions may name (a page of the queue). */
export const MODERATION_LIMITS = { reason: 200, word: 50, pageSize: 30, bulk: 30 } as const;

export interface ModerationUser {
  id: number;
  nickname: string;
  avatar: string;
}

export interface ItemReport {
  id: number;
  reporter: ModerationUser | null;
  reason: ReportReason;
  detail: string;
  state: 'open' | 'upheld' | 'dismissed';
  /** Whether it counts toward hiding the item: its reporter had earned trust (docs/architecture.md "Community"). */
  counted: boolean;
  at: number;
}

export interface ModerationItem {
  /** e.g. "reply:12". */
  id: string;
  type: ModerationTarget;
  kind: Exclude<ModerationKind, 'upload'>;
  state: ItemState;
  siteId: number | null;
  /** The text (a reply's body, a post's title and start of body, a danmaku, a profile's nickname and bio). */
  text: string;
  title: string | null;
  /** A post's kind (话题, 吃瓜 or 文章), which names its card; null for the other items. */
  postKind: PostKind | null;
  images: string[];
  hasVideo: boolean;
  /** Where it is: 「话题标题」 #5楼, 影片《…》 08:12, …; and its in-app path when it has one. */
  context: string;
  link: string | null;
  author: ModerationUser | null;
  createdAt: number | null;
  reportCount: number;
  /** Of reportCount, the reports that count toward hiding the item (the others are marked 不计入自动隐藏). */
  countedReports: number;
  reasonCounts: Partial<Record<ReportReason, number>>;
  /** Newest first, at most 20. */
  reports: ItemReport[];
  /** Why it is in the queue: reports, first-post review, or both. */
  flags: ('reports' | 'first_post')[];
  /** The last decision, for handled items. */
  decision: { action: ModerationAction; reason: string; operator: string | null; at: number } | null;
  /** When it entered the queue or was decided (the list's order). */
  at: number;
}

export interface ModerationPage {
  list: ModerationItem[];
  nextCursor: string | null;
}

/**
 * GET /admin-api/moderation/bursts: a member whose items (replies, comments, posts, danmaku, their
 * profile) drew open reports from many members within the last `windowMinutes`, which a crowd of
 * throwaway devices or a brigade looks like.
 */
export interface ReportBurst {
  author: ModerationUser;
  /** The author's site. */
  siteId: number;
  /** Open reports of the window against the author's items. */
  reports: number;
  /** Distinct members who sent them, and how many of those do not count toward hiding. */
  reporters: number;
  uncountedReporters: number;
  /** Distinct items reported. */
  items: number;
  firstAt: number;
  lastAt: number;
  windowMinutes: number;
}

/** POST /admin-api/moderation/:id. reason: required for hide and delete. */
export interface ModerationDecision {
  action: ModerationAction;
  reason?: string;
}

export interface SanctionState {
  /** null: permanent. */
  until: number | null;
  reason: string;
  at: number;
  operator: string | null;
}

/** GET /admin-api/users/:id/sanctions. */
export interface UserSanctions {
  userId: number;
  nickname: string;
  siteId: number;
  mute: SanctionState | null;
  ban: SanctionState | null;
}

/** POST /admin-api/users/:id/mute|ban: until ms since epoch, 'permanent', or null to lift. */
export interface SanctionInput {
  until: number | 'permanent' | null;
  reason: string;
}

/**
 * POST /admin-api/users/sanctions: one mute or ban (until as SanctionInput's, never null here) with
 * one reason for up to SANCTION_BULK_MAX members of the operator's sites, in one transaction: every
 * member is changed, told and audited as the single call does, or none is.
 */
export interface BulkSanctionInput {
  userIds: number[];
  kind: 'mute' | 'ban';
  until: number | 'permanent';
  reason: string;
}

export interface BulkSanctionResult {
  results: Array<{ userId: number; nickname: string; sanction: SanctionState }>;
}

export const SANCTION_BULK_MAX = 100;

export interface SensitiveWord {
  word: string;
  action: WordAction;
  createdAt: number;
}

export interface WordPage {
  list: SensitiveWord[];
  nextCursor: string | null;
  total: number;
}

export interface ReviewSettings {
  siteId: number;
  siteTitle: string;
  firstPostReview: boolean;
  newAccountDays: number;
}
