/**
 * The like call of a movie or a post (spec: like / unlike, idempotent per idempotencyKey): sets
 * the viewer's like to `payload.like` and answers the state and count, or code 6 when the item
 * does not exist; one transaction, once per key (call-keys.ts).
 */
import { likeSchema } from '../../contract/calls/content.ts';
import type { API } from '../../contract/calls/paths.ts';
import { onceByKey } from '../db/call-keys.ts';
import type { ItemType } from '../db/tags.ts';
import { setLike } from '../db/user-items.ts';
import { defineCall, type Call } from '../protocol/define-call.ts';
import { found } from './lookups.ts';

export const likeCall = (
  path: typeof API.movieLike | typeof API.topicLike,
  kind: ItemType,
  missing: (id: number) => string,
): Call =>
  defineCall({
    path,
    schema: likeSchema,
    auth: 'user',
    handler: ({ db, payload, user }) =>
      db.tx((q) =>
        onceByKey(q, user.id, path, payload.idempotencyKey, async () =>
          found(await setLike(q, user.id, kind, payload.id, payload.like), missing(payload.id)),
        ),
      ),
  });
