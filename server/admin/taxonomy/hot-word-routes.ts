/**
 * /admin-api/taxonomy/hot-words: a site's hot search words (热搜): list, add, edit and pin, move,
 * delete (hot-word-store.ts). Site-scoped: an operator limited to some sites sees and changes only
 * theirs (403 otherwise).
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { TAXONOMY_LIMITS as LIMITS, type HotWordList } from '../../../contract/admin/taxonomy.ts';
import type { Db } from '../../db/db.ts';
import type { AdminDeps } from '../admin-deps.ts';
import { auditOf, parseInput } from '../admin-input.ts';
import { audit } from '../audit.ts';
import type { SiteChoice } from '../../../contract/admin/session.ts';
import { assertSite, operatorOf, requireRole, sitesOfOperator } from '../guards.ts';
import {
  addHotWord,
  assertSiteExists,
  changeHotWord,
  deleteHotWord,
  findHotWord,
  listHotWords,
  moveHotWord,
} from './hot-word-store.ts';
import { dbId, idOf, notFound, positionSchema, requiredText } from './taxonomy-common.ts';
import { taxonomyMessages as m } from './taxonomy-messages.ts';

const word = requiredText('热搜词', m.wordRequired, LIMITS.hotWord);
const listQuery = z.object({
  siteId: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1)
    .optional(),
});
const newWord = z.object({ siteId: dbId, word, pinned: z.boolean().optional() });

/**
 * The site a list of the 热搜词 page is asked for (`?siteId`, else the operator's first), checked
 * to be the operator's and to exist; with the operator's sites, for the page's site picker.
 */
export async function listedSite(db: Db, req: FastifyRequest): Promise<{ siteId: number; sites: SiteChoice[] }> {
  const query = parseInput(listQuery, req.query);
  const operator = operatorOf(req);
  const sites = await sitesOfOperator(db, operator);
  const siteId = query.siteId ?? sites[0]?.id;
  if (siteId === undefined) throw notFound(m.siteMissing(0));
  assertSite(operator, siteId);
  await assertSiteExists(db, siteId);
  return { siteId, sites };
}
const change = z.object({ word: word.optional(), pinned: z.boolean().optional() });

const TARGET = 'hotWord';

/** The word of `:id`, after checking the operator may act on its site. */
async function ownWord(db: Db, req: FastifyRequest): Promise<number> {
  const id = idOf(req);
  assertSite(operatorOf(req), (await findHotWord(db, id)).siteId);
  return id;
}

export const hotWordRoutes: FastifyPluginAsync<AdminDeps> = async (api, { db }) => {
  const roles = { preHandler: requireRole('ops') };

  api.get('/taxonomy/hot-words', roles, async (req): Promise<HotWordList> => {
    const { siteId, sites } = await listedSite(db, req);
    return { siteId, sites, list: await listHotWords(db, siteId) };
  });

  api.post('/taxonomy/hot-words', roles, async (req, reply) => {
    const input = parseInput(newWord, req.body);
    assertSite(operatorOf(req), input.siteId);
    await assertSiteExists(db, input.siteId);
    const made = await db.tx(async (q) => {
      const added = await addHotWord(q, input.siteId, input.word, input.pinned ?? false);
      await audit(q, {
        ...auditOf(req),
        action: 'hotWord.create',
        targetType: TARGET,
        targetId: added.id,
        after: added,
      });
      return added;
    });
    return reply.code(201).send(made);
  });

  api.patch('/taxonomy/hot-words/:id', roles, async (req) => {
    const id = await ownWord(db, req);
    const input = parseInput(change, req.body);
    return db.tx(async (q) => {
      const { before, after } = await changeHotWord(q, id, input);
      await audit(q, { ...auditOf(req), action: 'hotWord.update', targetType: TARGET, targetId: id, before, after });
      return after;
    });
  });

  api.post('/taxonomy/hot-words/:id/move', roles, async (req) => {
    const id = await ownWord(db, req);
    const { position } = parseInput(positionSchema, req.body);
    return db.tx(async (q) => {
      const moved = await moveHotWord(q, id, position);
      await audit(q, {
        ...auditOf(req),
        action: 'hotWord.move',
        targetType: TARGET,
        targetId: id,
        after: { position },
      });
      return moved;
    });
  });

  api.delete('/taxonomy/hot-words/:id', roles, async (req, reply) => {
    const id = await ownWord(db, req);
    await db.tx(async (q) => {
      const gone = await deleteHotWord(q, id);
      await audit(q, { ...auditOf(req), action: 'hotWord.delete', targetType: TARGET, targetId: id, before: gone });
    });
    return reply.code(204).send();
  });
};
