/** Replies of posts and comments of movies: one engine (contract/calls/community.ts). */
import type { Call } from '../protocol/define-call.ts';

export const replyCalls: readonly Call[] = [];
