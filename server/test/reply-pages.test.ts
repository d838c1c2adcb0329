/**
 * /topic/replyPage's numbered pages read from the floor each starts at (server/db/replies.ts): for
 * any set of hidden replies and any viewer (their author sees their own), every page holds the
 * floors that reading every visible reply in order and skipping the earlier pages gives; and the
 * deepest page is read along replies_target_floor from its first floor, not past the earlier ones.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTarget, pageTopicReplies } from '../db/replies.ts';
import { FX, seedContent } from './content-fixture.ts';
import { createHarness, EVERY_DB_KIND, type Harness } from './harness.ts';

const TOPIC = FX.topicWithReplies;
/** Topic 101's 25 replies are by 9001-9003 (content-fixture.ts). */
const VIEWERS = [null, 9001, 9002, 9003] as const;

describe.each(EVERY_DB_KIND)('numbered reply pages on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, { seed: seedContent });
  });
  afterAll(() => h?.close());

  /** The floors of a page as reading every visible reply and skipping the earlier pages gives them. */
  const expectedFloors = async (viewer: number | null, page: number, pageSize: number) =>
    (
      await h.db.query<{ floor: number }>(
        `SELECT floor FROM replies WHERE target_type = 'post' AND target_id = $1
           AND (hidden_at IS NULL OR author_id = $2::bigint) ORDER BY floor`,
        [TOPIC, viewer],
      )
    )
      .map((row) => row.floor)
      .slice((page - 1) * pageSize, page * pageSize);

  it('hold the floors of every page for any hidden replies and any viewer', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.subarray(Array.from({ length: 25 }, (_, i) => i + 1)),
        fc.constantFrom(...VIEWERS),
        fc.integer({ min: 1, max: 7 }),
        async (hidden, viewer, pageSize) => {
          await h.db.query(
            `UPDATE replies SET hidden_at = CASE WHEN floor = ANY($2::int[]) THEN now() END
               WHERE target_type = 'post' AND target_id = $1`,
            [TOPIC, hidden],
          );
          const target = (await findTarget(h.db, 'post', TOPIC, viewer))!;
          for (let page = 1; page <= Math.ceil(25 / pageSize) + 1; page++) {
            const answer = await pageTopicReplies(h.db, target, { page, pageSize }, viewer);
            expect(
              answer.list.map((reply) => reply.floor),
              `page ${page} of ${pageSize}`,
            ).toEqual(await expectedFloors(viewer, page, pageSize));
          }
        },
      ),
      { numRuns: 40 },
    );
    await h.db.query(`UPDATE replies SET hidden_at = NULL WHERE target_type = 'post' AND target_id = $1`, [TOPIC]);
  });
});
