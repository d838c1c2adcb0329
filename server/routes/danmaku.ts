/**
 * Danmaku of a movie: send at a time, read by time window (contract/calls/community.ts). A send
 * goes through the sensitive-word list and the one-minute repeat check, once per idempotency key;
 * neither call touches a counter.
 */
import { danmakuRangeSchema, danmakuSendSchema } from '../../contract/calls/community.ts';
import { API } from '../../contract/calls/paths.ts';
import { onceByKey } from '../db/call-keys.ts';
import { danmakuInWindow, insertDanmaku, movieExists } from '../db/danmaku.ts';
import { refuseRepeat, screenText } from '../moderation/text-screen.ts';
import { defineCall, type Call } from '../protocol/define-call.ts';
import { notFound } from './lookups.ts';

const movieNotFound = (id: number) => notFound(`影片不存在：${id}`);

export const danmakuCalls: readonly Call[] = [
  defineCall({
    path: API.danmakuSend,
    schema: danmakuSendSchema,
    auth: 'user',
    handler: ({ db, payload, user }) =>
      db.tx((q) =>
        onceByKey(q, user.id, API.danmakuSend, payload.idempotencyKey, async () => {
          if (!(await movieExists(q, payload.movieId))) throw movieNotFound(payload.movieId);
          const text = await screenText(q, 'danmaku', payload.text);
          await refuseRepeat(q, 'danmaku', user.id, text);
          return insertDanmaku(q, {
            movieId: payload.movieId,
            episodeId: payload.episodeId ?? 0,
            userId: user.id,
            atMs: payload.atMs,
            text,
            mode: payload.mode,
            colour: payload.colour,
          });
        }),
      ),
  }),
  defineCall({
    path: API.danmakuRange,
    schema: danmakuRangeSchema,
    auth: 'optional',
    handler: async ({ db, payload, user }) => {
      const window = { ...payload, episodeId: payload.episodeId ?? 0 };
      const items = await danmakuInWindow(db, window, user?.id ?? null);
      // An empty window is usual; only then is the movie looked up, for code 6.
      if (items.length === 0 && !(await movieExists(db, payload.movieId))) throw movieNotFound(payload.movieId);
      return items;
    },
  }),
];
