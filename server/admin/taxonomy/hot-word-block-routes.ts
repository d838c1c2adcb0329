/**
 * /admin-api/taxonomy/hot-word-blocks: the words a site keeps out of its hot searches and the
 * suggestions made from them (hot-word-block-store.ts): list (with what the crowd made hot now, to
 * block from), block, unblock. Site-scoped like the hot words: an operator limited to some sites sees
 * and changes only theirs (403 otherwise). Each change is audited; visitors see it within the read
 * cache's time (the hot list is filtered when read).
 */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { TAXONOMY_LIMITS as LIMITS, type HotWordBlockList } from '../../../contract/admin/taxonomy.ts';
import { countedSearches } from '../../search/hot-searches.ts';
import type { AdminDeps } from '../admin-deps.ts';
import { auditOf, parseInput } from '../admin-input.ts';
import { audit } from '../audit.ts';
import { assertSite, operatorOf, requireRole } from '../guards.ts';
import { addHotWordBlock, deleteHotWordBlock, findHotWordBlock, listHotWordBlocks } from './hot-word-block-store.ts';
import { assertSiteExists } from './hot-word-store.ts';
import { listedSite } from './hot-word-routes.ts';
import { dbId, idOf, requiredText } from './taxonomy-common.ts';
import { taxonomyMessages as m } from './taxonomy-messages.ts';

const newBlock = z.object({ siteId: dbId, word: requiredText('屏蔽词', m.blockWordRequired, LIMITS.hotWordBlock) });

const TARGET = 'hotWordBlock';

export const hotWordBlockRoutes: FastifyPluginAsync<AdminDeps> = async (api, { db, config, now }) => {
  const roles = { preHandler: requireRole('ops') };

  api.get('/taxonomy/hot-word-blocks', roles, async (req): Promise<HotWordBlockList> => {
    const { siteId, sites } = await listedSite(db, req);
    const [list, counted] = await Promise.all([
      listHotWordBlocks(db, siteId),
      countedSearches(db, siteId, now(), config),
    ]);
    const floor = { devices: config.HOT_SEARCH_MIN_DEVICES, addresses: config.HOT_SEARCH_MIN_ADDRESSES };
    return { siteId, sites, list, counted, floor };
  });

  api.post('/taxonomy/hot-word-blocks', roles, async (req, reply) => {
    const input = parseInput(newBlock, req.body);
    assertSite(operatorOf(req), input.siteId);
    await assertSiteExists(db, input.siteId);
    const made = await db.tx(async (q) => {
      const added = await addHotWordBlock(q, input.siteId, input.word);
      await audit(q, {
        ...auditOf(req),
        action: 'hotWordBlock.create',
        targetType: TARGET,
        targetId: added.id,
        after: added,
      });
      return added;
    });
    return reply.code(201).send(made);
  });

  api.delete('/taxonomy/hot-word-blocks/:id', roles, async (req, reply) => {
    const id = idOf(req);
    assertSite(operatorOf(req), (await findHotWordBlock(db, id)).siteId);
    await db.tx(async (q) => {
      const gone = await deleteHotWordBlock(q, id);
      await audit(q, {
        ...auditOf(req),
        action: 'hotWordBlock.delete',
        targetType: TARGET,
        targetId: id,
        before: gone,
      });
    });
    return reply.code(204).send();
  });
};
