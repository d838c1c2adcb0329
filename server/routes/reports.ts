/** Reports of members' texts and of members (contract/calls/community.ts). */
import type { Call } from '../protocol/define-call.ts';

export const reportCalls: readonly Call[] = [];
