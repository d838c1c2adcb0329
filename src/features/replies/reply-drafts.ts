/**
 * What a member is writing, per target (a post's replies, a movie's comments), kept in IndexedDB
 * through the stores' persistence facade (stores/persist.ts, key STORE_KEYS.replyDrafts), so it
 * survives a reload, a failed send and going offline; cleared after a successful send. A send queued
 * offline moves the draft to `queued` (queued-replies.ts) until the outbox settles it.
 *
 * A draft keeps its idempotency key from its first send to its success: a send retried after an
 * error the client could not read (the answer lost) is still created once.
 */
import { proxy } from 'valtio/vanilla';
import type { UploadedImage } from '../../../contract/calls/member.ts';
import type { UserBrief } from '../../../contract/calls/content.ts';
import type { ReplyTarget } from '../../../contract/enums.ts';
import { newIdempotencyKey } from '../../lib/idempotency-key.ts';
import { STORE_KEYS } from '../../lib/storage-keys.ts';
import { persist } from '../../stores/persist.ts';

/** Drafts kept at most; the oldest are dropped. */
const DRAFTS_MAX = 30;

export interface DraftQuote {
  id: number;
  floor: number;
  nickname: string;
  excerpt: string;
}

export interface ReplyDraft {
  body: string;
  images: UploadedImage[];
  quote: DraftQuote | null;
  /** Users picked from the @ autocomplete; sent as mentions while "@nickname" is still in the text. */
  mentions: Pick<UserBrief, 'id' | 'nickname'>[];
  rating: number | null;
  idempotencyKey: string;
  updatedAt: number;
}

/** A reply queued offline: its target and the draft as it was sent. */
export interface QueuedDraft {
  target: { type: ReplyTarget; id: number };
  draft: ReplyDraft;
}

export const draftsState = proxy<{ drafts: Record<string, ReplyDraft>; queued: Record<string, QueuedDraft> }>({
  drafts: {},
  queued: {},
});

let hydrated: Promise<void> | null = null;

/** Loads the saved drafts once (before the first edit, which would otherwise be overwritten). */
export const draftsReady = (): Promise<void> => (hydrated ??= persist(STORE_KEYS.replyDrafts, draftsState));

const blank = (): ReplyDraft => ({
  body: '',
  images: [],
  quote: null,
  mentions: [],
  rating: null,
  idempotencyKey: newIdempotencyKey(),
  updatedAt: Date.now(),
});

/** The target's draft (created empty); a valtio proxy to edit in place. */
export function draftOf(key: string): ReplyDraft {
  const { drafts } = draftsState;
  if (!drafts[key]) {
    const keys = Object.keys(drafts).sort((a, b) => drafts[a]!.updatedAt - drafts[b]!.updatedAt);
    for (const old of keys.slice(0, Math.max(0, keys.length - DRAFTS_MAX + 1))) delete drafts[old];
    drafts[key] = blank();
  }
  return drafts[key];
}

export const isDraftEmpty = (
  draft: { body: string; images: readonly unknown[]; quote: unknown } | undefined,
): boolean => !draft || (draft.body.trim() === '' && draft.images.length === 0 && draft.quote === null);

/** Empties the target's draft in place (a new idempotency key for the next reply). */
export function clearDraft(key: string): void {
  const draft = draftsState.drafts[key];
  if (draft) Object.assign(draft, blank());
}

/**
 * Gives a refused reply's text back to the target's draft: as it was when the draft is empty, else
 * before what was written since (a new idempotency key either way: the refused one is spent).
 */
export function restoreDraft(key: string, refused: ReplyDraft): void {
  const draft = draftOf(key);
  if (isDraftEmpty(draft)) Object.assign(draft, refused, { idempotencyKey: newIdempotencyKey() });
  else draft.body = `${refused.body}\n\n${draft.body}`;
  draft.updatedAt = Date.now();
}

/** The mentions still written in the text, as user ids. */
export const mentionIds = (draft: Pick<ReplyDraft, 'body' | 'mentions'>): number[] => [
  ...new Set(draft.mentions.filter((user) => draft.body.includes(`@${user.nickname}`)).map((user) => user.id)),
];
