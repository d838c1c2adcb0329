/** The inbox: notices per recipient and their unread counts (contract/calls/community.ts). */
import type { Call } from '../protocol/define-call.ts';

export const noticeCalls: readonly Call[] = [];
