/**
 * Points: the daily tasks with today's progress, claims (once per task and Asia/Shanghai day),
 * the points ledger, and the player's heartbeats that feed the watch task (server/db/activity.ts)
 * and save where the user is in the title (server/db/watch-progress.ts).
 */
import { emptySchema } from '../../contract/calls/account.ts';
import { pageSchema } from '../../contract/calls/content.ts';
import { claimTaskSchema, heartbeatSchema } from '../../contract/calls/member.ts';
import { API } from '../../contract/calls/paths.ts';
import { recordBeat, WATCH_MIN_SECONDS } from '../db/activity.ts';
import { addStats } from '../db/daily-stats.ts';
import { ledgerPage } from '../db/ledger.ts';
import { findMovie } from '../db/movies.ts';
import { claimTask, tasksOfDay } from '../db/point-tasks.ts';
import { siteDay } from '../db/site-day.ts';
import { saveProgress } from '../db/watch-progress.ts';
import { defineCall, type Call } from '../protocol/define-call.ts';
import { checkinCalls } from './checkin.ts';
import { found } from './lookups.ts';
import { movieNotFound } from './movies.ts';

export const pointCalls: readonly Call[] = [
  defineCall({
    path: API.pointTasks,
    schema: emptySchema,
    auth: 'user',
    handler: ({ db, user, now }) => tasksOfDay(db, user.id, siteDay(now)),
  }),
  defineCall({
    path: API.claimTask,
    schema: claimTaskSchema,
    auth: 'user',
    handler: ({ db, payload, user, now }) => db.tx((q) => claimTask(q, user.id, payload.taskId, siteDay(now))),
  }),
  defineCall({
    path: API.pointsLedger,
    schema: pageSchema,
    auth: 'user',
    handler: ({ db, payload, user }) => ledgerPage(db, user.id, 'points', payload),
  }),
  ...checkinCalls,
  defineCall({
    path: API.movieHeartbeat,
    schema: heartbeatSchema,
    auth: 'user',
    handler: async ({ db, payload, user, now, site }) => {
      found(await findMovie(db, payload.movieId), movieNotFound(payload.movieId));
      const day = siteDay(now);
      const secondsToday = await db.tx(async (q) => {
        const beat = await recordBeat(q, {
          userId: user.id,
          movieId: payload.movieId,
          day,
          positionS: payload.position,
          playing: payload.playing,
          now,
        });
        const seconds = Math.round(beat.creditMs / 1000);
        if (seconds > 0) await addStats(q, site.id, user.id, [{ day, delta: { watch_seconds: seconds } }]);
        await saveProgress(q, {
          userId: user.id,
          movieId: payload.movieId,
          episode: payload.episode,
          positionS: payload.position,
          durationS: payload.durationS,
          now,
        });
        return beat.secondsToday;
      });
      return { movieId: payload.movieId, secondsToday, counted: secondsToday >= WATCH_MIN_SECONDS };
    },
  }),
];
