/**
 * The user's watch history on the server (contract/calls/watch-history.ts, server/db/watch-progress.ts):
 * the list, newest first, and clearing it (all, or one title). The heartbeats write it
 * (server/routes/points.ts); /movie/play answers the title's position (server/routes/movie-play.ts).
 */
import { emptySchema } from '../../contract/calls/account.ts';
import { API } from '../../contract/calls/paths.ts';
import { watchHistoryClearSchema } from '../../contract/calls/watch-history.ts';
import { clearWatchHistory, watchHistory } from '../db/watch-progress.ts';
import { defineCall, type Call } from '../protocol/define-call.ts';

export const watchHistoryCalls: readonly Call[] = [
  defineCall({
    path: API.watchHistory,
    schema: emptySchema,
    auth: 'user',
    handler: ({ db, user }) => watchHistory(db, user.id),
  }),
  defineCall({
    path: API.watchHistoryClear,
    schema: watchHistoryClearSchema,
    auth: 'user',
    handler: async ({ db, payload, user }) => ({ cleared: await clearWatchHistory(db, user.id, payload.movieId) }),
  }),
];
