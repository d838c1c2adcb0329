/** Web Push subscriptions: the VAPID key, subscribe and unsubscribe (contract/calls/community.ts). */
import type { Call } from '../protocol/define-call.ts';

export const pushCalls: readonly Call[] = [];
