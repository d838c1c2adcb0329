/**
 * /admin-api/taxonomy/featured: collections (专题) with their items, the picker's content search and
 * the covers (upload, or choose a media key) — featured-store.ts and featured-cover.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { TAXONOMY_LIMITS as LIMITS } from '../../../contract/admin/taxonomy.ts';
import type { AdminDeps } from '../admin-deps.ts';
import { auditOf, parseInput } from '../admin-input.ts';
import { audit } from '../audit.ts';
import { requireRole } from '../guards.ts';
import { COVER_KEY, coverChoices, storeCover } from './featured-cover.ts';
import {
  changeFeatured,
  createFeatured,
  deleteFeatured,
  featuredBrief,
  findFeatured,
  listFeatured,
  moveFeatured,
  replaceItems,
  searchContent,
} from './featured-store.ts';
import { assertAllSites, dbId, idOf, optionalText, positionSchema, requiredText } from './taxonomy-common.ts';
import { taxonomyMessages as m } from './taxonomy-messages.ts';

const title = requiredText('标题', m.titleRequired, LIMITS.featuredTitle);
const description = optionalText('简介', LIMITS.featuredDescription);
const cover = z.string({ message: m.coverKey }).trim().regex(COVER_KEY, { message: m.coverKey });

const newFeatured = z.object({ title, description: description.default(''), cover });
const change = z.object({ title: title.optional(), description: description.optional(), cover: cover.optional() });
const items = z.object({
  items: z
    .array(z.object({ type: z.enum(['movie', 'post']), id: dbId }))
    .max(LIMITS.featuredItems, { message: `专题最多 ${LIMITS.featuredItems} 项` }),
});
const contentQuery = z.object({
  q: z.string().trim().min(1, { message: '请输入标题或编号' }).max(40),
  type: z.enum(['movie', 'post']).optional(),
});
const upload = z.object({
  image: z.string({ message: m.coverImage }).max(LIMITS.coverBytes * 1.4, { message: m.coverImage }),
});

const TARGET = 'featured';

export const featuredRoutes: FastifyPluginAsync<AdminDeps> = async (api, { db, config }) => {
  const roles = { preHandler: requireRole('ops') };

  api.get('/taxonomy/featured', roles, async () => ({ list: await listFeatured(db) }));

  api.get('/taxonomy/featured/:id', roles, async (req) => findFeatured(db, idOf(req)));

  api.post('/taxonomy/featured', roles, async (req, reply) => {
    assertAllSites(req);
    const input = parseInput(newFeatured, req.body);
    const made = await db.tx(async (q) => {
      const featured = await createFeatured(q, input);
      await audit(q, {
        ...auditOf(req),
        action: 'featured.create',
        targetType: TARGET,
        targetId: featured.id,
        after: featuredBrief(featured),
      });
      return featured;
    });
    return reply.code(201).send(made);
  });

  api.patch('/taxonomy/featured/:id', roles, async (req) => {
    assertAllSites(req);
    const id = idOf(req);
    const input = parseInput(change, req.body);
    return db.tx(async (q) => {
      const { before, after } = await changeFeatured(q, id, input);
      await audit(q, {
        ...auditOf(req),
        action: 'featured.update',
        targetType: TARGET,
        targetId: id,
        before: featuredBrief(before),
        after: featuredBrief(after),
      });
      return after;
    });
  });

  api.post('/taxonomy/featured/:id/move', roles, async (req) => {
    assertAllSites(req);
    const id = idOf(req);
    const { position } = parseInput(positionSchema, req.body);
    return db.tx(async (q) => {
      const moved = await moveFeatured(q, id, position);
      await audit(q, {
        ...auditOf(req),
        action: 'featured.move',
        targetType: TARGET,
        targetId: id,
        after: { position },
      });
      return moved;
    });
  });

  api.delete('/taxonomy/featured/:id', roles, async (req, reply) => {
    assertAllSites(req);
    const id = idOf(req);
    await db.tx(async (q) => {
      const gone = await deleteFeatured(q, id);
      await audit(q, {
        ...auditOf(req),
        action: 'featured.delete',
        targetType: TARGET,
        targetId: id,
        before: featuredBrief(gone),
      });
    });
    return reply.code(204).send();
  });

  api.put('/taxonomy/featured/:id/items', roles, async (req) => {
    assertAllSites(req);
    const id = idOf(req);
    const input = parseInput(items, req.body);
    return db.tx(async (q) => {
      const { before, after } = await replaceItems(q, id, input.items);
      await audit(q, {
        ...auditOf(req),
        action: 'featured.items',
        targetType: TARGET,
        targetId: id,
        before: { items: featuredBrief(before).items },
        after: { items: featuredBrief(after).items },
      });
      return after;
    });
  });

  api.get('/taxonomy/content', roles, async (req) => {
    const query = parseInput(contentQuery, req.query);
    return { list: await searchContent(db, query.q, query.type) };
  });

  api.get('/taxonomy/featured-covers', roles, async () => ({ list: await coverChoices(db, config.MEDIA_DIR) }));

  // A data: URL is about 4/3 of its bytes; the body limit leaves room for that and the JSON around it.
  api.post(
    '/taxonomy/featured-covers',
    { ...roles, bodyLimit: Math.ceil(LIMITS.coverBytes * 1.4) + 1024 },
    async (req, reply) => {
      assertAllSites(req);
      const { image } = parseInput(upload, req.body);
      const stored = await storeCover(config.MEDIA_DIR, image, LIMITS.coverBytes);
      await db.tx((q) =>
        audit(q, { ...auditOf(req), action: 'featured.coverUpload', targetType: 'media', targetId: stored.key }),
      );
      return reply.code(201).send(stored);
    },
  );
};
