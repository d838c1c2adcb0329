/** Danmaku of a movie: send at a time, read by time window (contract/calls/community.ts). */
import type { Call } from '../protocol/define-call.ts';

export const danmakuCalls: readonly Call[] = [];
