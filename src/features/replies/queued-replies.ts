/**
 * Replies written offline: the call waits in the outbox (api/offline-queue.ts) and its draft waits
 * here, by idempotency key, until the outbox settles it. Sent, the draft is forgotten and the list
 * refreshed; refused (a listed word, the post gone), its text goes back to the target's draft and
 * the member is told why: nothing written is lost. A draft whose call left the outbox while no
 * page listened (the outbox is flushed at start, before this code loads) is sent again with its
 * key: the server answers a reply it made with that reply, and refuses a refused one again.
 */
import { snapshot } from 'valtio/vanilla';
import { ApiError } from '../../api/api-error.ts';
import { onOutboxSettled, queuedCalls } from '../../api/offline-queue.ts';
import { API } from '../../../contract/calls/paths.ts';
import { showToast } from '../../stores/toast.ts';
import { sendReply, targetKey, type NewReply, type ReplyTargetRef } from './reply-calls.ts';
import {
  clearDraft,
  draftsReady,
  type ReplyDraft,
  draftsState,
  isDraftEmpty,
  mentionIds,
  restoreDraft,
} from './reply-drafts.ts';
import { refreshTarget } from './reply-list-store.ts';
import { replyMessages as t } from './reply-messages.ts';

/** The target's draft waits for the outbox under its key; the target starts a new draft. */
export function queueDraft(target: ReplyTargetRef): void {
  const key = targetKey(target);
  const draft = draftsState.drafts[key];
  if (!draft || isDraftEmpty(draft)) return;
  draftsState.queued[draft.idempotencyKey] = { target, draft: structuredClone(snapshot(draft)) as ReplyDraft };
  clearDraft(key);
}

/** True while a reply of this target waits in the outbox. */
export const hasQueued = (
  queued: Readonly<Record<string, { target: ReplyTargetRef }>>,
  target: ReplyTargetRef,
): boolean => Object.values(queued).some((entry) => targetKey(entry.target) === targetKey(target));

function settle(idempotencyKey: string, refusal: ApiError | null): void {
  const entry = draftsState.queued[idempotencyKey];
  if (!entry) return;
  delete draftsState.queued[idempotencyKey];
  if (refusal) {
    restoreDraft(targetKey(entry.target), entry.draft);
    showToast(t.queuedRefused(refusal.message), { kind: 'error', duration: 5_000 });
  } else {
    showToast(t.queuedSent, { kind: 'success' });
  }
  refreshTarget(entry.target);
}

const keyOf = (payload: object): string => String((payload as { idempotencyKey?: unknown }).idempotencyKey ?? '');

/** Drafts whose call is no longer in the outbox: sent again with their key to learn how it ended. */
async function reconcile(): Promise<void> {
  await draftsReady();
  const waiting = new Set((await queuedCalls()).map((queued) => keyOf(queued.payload)));
  for (const [key, entry] of Object.entries(draftsState.queued)) {
    if (waiting.has(key)) continue;
    const { draft } = entry;
    const reply: NewReply = {
      body: draft.body,
      images: draft.images.map((image) => image.url),
      mentions: mentionIds(draft),
      idempotencyKey: key,
      ...(draft.quote ? { quoteId: draft.quote.id } : {}),
      ...(draft.rating ? { rating: draft.rating } : {}),
    };
    try {
      const result = await sendReply(entry.target, reply);
      if (!result.queued) settle(key, null);
    } catch (error) {
      if (error instanceof ApiError && !error.isNetwork) settle(key, error);
    }
  }
}

onOutboxSettled((queued, refusal) => {
  if (queued.path !== API.replyCreate) return;
  void draftsReady().then(() => settle(keyOf(queued.payload), refusal));
});
void reconcile().catch(() => undefined);
