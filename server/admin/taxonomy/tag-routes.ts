/** /admin-api/taxonomy/tags: list with search and counts, add, rename, 热门, delete, merge (tag-store.ts). */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { TAXONOMY_LIMITS as LIMITS } from '../../../contract/admin/taxonomy.ts';
import type { AdminDeps } from '../admin-deps.ts';
import { auditOf, parseInput } from '../admin-input.ts';
import { audit } from '../audit.ts';
import { requireRole } from '../guards.ts';
import { changeTag, createTag, deleteTag, listTags, mergeTag, tagBrief } from './tag-store.ts';
import { assertAllSites, dbId, idOf, requiredText } from './taxonomy-common.ts';
import { taxonomyMessages as m } from './taxonomy-messages.ts';

/** A tag name: no slash, since it is a route key (/tag/{key}). */
const name = requiredText('标签名', m.nameRequired, LIMITS.tagName).regex(/^[^/\\?#%\s][^/\\?#]*$/u, {
  message: '标签名不能含有 / \\ ? # 或以空格开头',
});

const listQuery = z.object({
  q: z.string().trim().max(40).optional(),
  hot: z.enum(['1', '0']).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
const newTag = z.object({ name, hot: z.boolean().optional() });
const change = z.object({ name: name.optional(), hot: z.boolean().optional() });
const merge = z.object({ intoId: dbId });

const TARGET = 'tag';

export const tagRoutes: FastifyPluginAsync<AdminDeps> = async (api, { db }) => {
  const roles = { preHandler: requireRole('ops') };

  api.get('/taxonomy/tags', roles, async (req) => {
    const query = parseInput(listQuery, req.query);
    return listTags(db, { q: query.q, hot: query.hot === undefined ? undefined : query.hot === '1', page: query.page });
  });

  api.post('/taxonomy/tags', roles, async (req, reply) => {
    assertAllSites(req);
    const input = parseInput(newTag, req.body);
    const made = await db.tx(async (q) => {
      const tag = await createTag(q, input.name, input.hot ?? false);
      await audit(q, {
        ...auditOf(req),
        action: 'tag.create',
        targetType: TARGET,
        targetId: tag.id,
        after: tagBrief(tag),
      });
      return tag;
    });
    return reply.code(201).send(made);
  });

  api.patch('/taxonomy/tags/:id', roles, async (req) => {
    assertAllSites(req);
    const id = idOf(req);
    const input = parseInput(change, req.body);
    return db.tx(async (q) => {
      const { before, after } = await changeTag(q, id, input);
      await audit(q, {
        ...auditOf(req),
        action: 'tag.update',
        targetType: TARGET,
        targetId: id,
        before: tagBrief(before),
        after: tagBrief(after),
      });
      return after;
    });
  });

  api.delete('/taxonomy/tags/:id', roles, async (req, reply) => {
    assertAllSites(req);
    const id = idOf(req);
    await db.tx(async (q) => {
      const gone = await deleteTag(q, id);
      await audit(q, {
        ...auditOf(req),
        action: 'tag.delete',
        targetType: TARGET,
        targetId: id,
        before: tagBrief(gone),
      });
    });
    return reply.code(204).send();
  });

  api.post('/taxonomy/tags/:id/merge', roles, async (req) => {
    assertAllSites(req);
    const id = idOf(req);
    const { intoId } = parseInput(merge, req.body);
    return db.tx(async (q) => {
      const { source, before, after } = await mergeTag(q, id, intoId);
      await audit(q, {
        ...auditOf(req),
        action: 'tag.merge',
        targetType: TARGET,
        targetId: id,
        before: { source: tagBrief(source), into: { id: intoId, ...tagBrief(before) } },
        after: { into: { id: intoId, ...tagBrief(after) } },
      });
      return after;
    });
  });
};
