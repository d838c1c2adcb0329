/** /admin-api/taxonomy/categories: the tree, add, rename, move and reorder, delete (category-store.ts). */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { TAXONOMY_LIMITS as LIMITS, type CategoryTreeAnswer } from '../../../contract/admin/taxonomy.ts';
import type { AdminDeps } from '../admin-deps.ts';
import { auditOf, parseInput } from '../admin-input.ts';
import { audit } from '../audit.ts';
import { requireRole } from '../guards.ts';
import {
  categoryBrief,
  categoryTree,
  changeCategory,
  createCategory,
  deleteCategory,
  moveCategory,
} from './category-store.ts';
import { assertAllSites, dbId, idOf, optionalText, requiredText } from './taxonomy-common.ts';
import { taxonomyMessages as m } from './taxonomy-messages.ts';

const name = requiredText('名称', m.nameRequired, LIMITS.categoryName);
const description = optionalText('描述', LIMITS.categoryDescription);
const icon = z
  .string()
  .trim()
  .regex(/^[a-z0-9-]{1,32}:[a-z0-9-]{1,64}$/, { message: '图标须为 mdi:movie 这样的图标名' })
  .nullable();

const newCategory = z.object({
  parentId: dbId.nullable(),
  name,
  description: description.optional(),
  icon: icon.optional(),
});
const change = z.object({ name: name.optional(), description: description.optional(), icon: icon.optional() });
const move = z.object({ parentId: dbId.nullable(), position: z.number().int().min(0).max(10_000).optional() });

const TARGET = 'category';

export const categoryRoutes: FastifyPluginAsync<AdminDeps> = async (api, { db }) => {
  const roles = { preHandler: requireRole('ops') };

  api.get('/taxonomy/categories', roles, async (): Promise<CategoryTreeAnswer> => ({ tree: await categoryTree(db) }));

  api.post('/taxonomy/categories', roles, async (req, reply) => {
    assertAllSites(req);
    const input = parseInput(newCategory, req.body);
    const made = await db.tx(async (q) => {
      const node = await createCategory(q, input.parentId, input);
      await audit(q, {
        ...auditOf(req),
        action: 'category.create',
        targetType: TARGET,
        targetId: node.id,
        after: categoryBrief(node),
      });
      return node;
    });
    return reply.code(201).send(made);
  });

  api.patch('/taxonomy/categories/:id', roles, async (req) => {
    assertAllSites(req);
    const id = idOf(req);
    const input = parseInput(change, req.body);
    return db.tx(async (q) => {
      const { before, after } = await changeCategory(q, id, input);
      await audit(q, {
        ...auditOf(req),
        action: 'category.update',
        targetType: TARGET,
        targetId: id,
        before: categoryBrief(before),
        after: categoryBrief(after),
      });
      return after;
    });
  });

  api.post('/taxonomy/categories/:id/move', roles, async (req) => {
    assertAllSites(req);
    const id = idOf(req);
    const input = parseInput(move, req.body);
    return db.tx(async (q) => {
      const { before, after } = await moveCategory(q, id, input.parentId, input.position);
      await audit(q, {
        ...auditOf(req),
        action: 'category.move',
        targetType: TARGET,
        targetId: id,
        before: { parentId: before.parentId, depth: before.depth },
        after: { parentId: after.parentId, depth: after.depth, position: input.position ?? null },
      });
      return after;
    });
  });

  api.delete('/taxonomy/categories/:id', roles, async (req, reply) => {
    assertAllSites(req);
    const id = idOf(req);
    await db.tx(async (q) => {
      const gone = await deleteCategory(q, id);
      await audit(q, {
        ...auditOf(req),
        action: 'category.delete',
        targetType: TARGET,
        targetId: id,
        before: categoryBrief(gone),
      });
    });
    return reply.code(204).send();
  });
};
