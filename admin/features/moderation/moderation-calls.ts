/** The 审核 section's calls to /admin-api (docs/admin-api.md, 审核), one function each. */
import type {
  BulkSanctionInput,
  BulkSanctionResult,
  ModerationAction,
  ModerationItem,
  ModerationKind,
  ModerationPage,
  QueueState,
  ReportBurst,
  ReviewSettings,
  SanctionInput,
  SensitiveWord,
  UserSanctions,
  WordPage,
} from '../../../contract/admin/moderation.ts';
import type { WordPasteResult } from '../../../contract/admin/word-paste.ts';
import type { WordAction } from '../../../contract/enums.ts';
import { adminCall } from '../../api/admin-client.ts';

export const fetchQueue = (state: QueueState, type: ModerationKind | '', cursor: string | null) =>
  adminCall<ModerationPage>('GET', '/moderation', { query: { state, type, cursor } });

export const fetchBursts = () => adminCall<ReportBurst[]>('GET', '/moderation/bursts');

export const decideItem = (id: string, action: ModerationAction, reason: string) =>
  adminCall<ModerationItem>('POST', `/moderation/${encodeURIComponent(id)}`, { body: { action, reason } });

/** One decision for several items, all or none (the bulk 隐藏 and its undo). */
export const decideItems = (ids: string[], action: ModerationAction, reason: string) =>
  adminCall<ModerationItem[]>('POST', '/moderation/decisions', { body: { ids, action, reason } });

export const fetchSanctions = (userId: number) => adminCall<UserSanctions>('GET', `/users/${userId}/sanctions`);

export const setSanction = (userId: number, kind: 'mute' | 'ban', input: SanctionInput) =>
  adminCall<UserSanctions>('POST', `/users/${userId}/${kind}`, { body: input });

/** One mute or ban for many members, all or none (the 用户 list's bulk 禁言 / 封禁). */
export const bulkSanction = (input: BulkSanctionInput) =>
  adminCall<BulkSanctionResult>('POST', '/users/sanctions', { body: input });

export const liftSanction = (userId: number, kind: 'mute' | 'ban', reason: string) =>
  adminCall<UserSanctions>('DELETE', `/users/${userId}/${kind}`, { body: { reason } });

export const fetchWords = (q: string, cursor: string | null) =>
  adminCall<WordPage>('GET', '/moderation/words', { query: { q, cursor } });

/** A pasted list (contract/admin/word-paste.ts): its new words added, those already listed skipped. */
export const addWords = (text: string, action: WordAction) =>
  adminCall<WordPasteResult>('POST', '/moderation/words/bulk', { body: { text, action } });

export const changeWord = (word: string, action: WordAction) =>
  adminCall<SensitiveWord>('PATCH', `/moderation/words/${encodeURIComponent(word)}`, { body: { action } });

export const removeWord = (word: string) => adminCall<null>('DELETE', `/moderation/words/${encodeURIComponent(word)}`);

export const fetchReviewSettings = () => adminCall<ReviewSettings[]>('GET', '/moderation/settings');

export const saveReviewSettings = (settings: Omit<ReviewSettings, 'siteTitle'>) =>
  adminCall<ReviewSettings>('PUT', '/moderation/settings', { body: settings });
