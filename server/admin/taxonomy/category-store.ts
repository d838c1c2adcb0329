/**
 * The category tree as the console edits it. The rules that keep the visitors' app consistent:
 * at most three levels (`depth` kept right for a moved subtree); no move under itself or a
 * descendant; section roots (those with a route) stay roots and are never deleted; a subtree holding
 * movies or posts stays in a section of the same content (movies under /movie, topics under /forum,
 * …); forum groups (level 2 under /forum) always carry a topicId, and only they do; a category is
 * deleted only when it holds nothing. Every change locks the table for writers (readers go on), so
 * two moves cannot make a cycle between them.
 */
import { MAX_CATEGORY_DEPTH, type AdminCategory } from '../../../contract/admin/taxonomy.ts';
import { contentTypeOfRoute } from '../../db/categories.ts';
import type { Queryable } from '../../db/db.ts';
import { indexCategorised } from '../../search/index-writes.ts';
import { badField } from '../admin-errors.ts';
import { notFound, placeAt, writeOrder } from './taxonomy-common.ts';
import { taxonomyMessages as m } from './taxonomy-messages.ts';

interface CategoryRow {
  id: number;
  parentId: number | null;
  name: string;
  description: string;
  icon: string | null;
  route: string | null;
  topicId: number | null;
  depth: number;
  movieCount: number;
  postCount: number;
}

const FORUM_ROUTE = '/forum';

const loadRows = (q: Queryable): Promise<CategoryRow[]> =>
  q.query<CategoryRow>(
    `SELECT c.id, c.parent_id AS "parentId", c.name, c.description, c.icon, c.route, c.topic_id AS "topicId",
            c.depth, COALESCE(mc.n, 0)::int AS "movieCount", COALESCE(pc.n, 0)::int AS "postCount"
       FROM categories c
       LEFT JOIN (SELECT category_id, count(*) AS n FROM movies GROUP BY category_id) mc ON mc.category_id = c.id
       LEFT JOIN (SELECT category_id, count(*) AS n FROM posts GROUP BY category_id) pc ON pc.category_id = c.id
      ORDER BY c.depth, c.sort, c.id`,
  );

/** The tree in memory: every node by id, roots in order. */
class Tree {
  readonly byId = new Map<number, AdminCategory>();
  readonly roots: AdminCategory[] = [];

  constructor(rows: CategoryRow[]) {
    // Rows come parents first (ordered by depth), each level in its sort order.
    for (const { movieCount, postCount, ...row } of rows) {
      const parent = row.parentId === null ? undefined : this.byId.get(row.parentId);
      const node: AdminCategory = {
        ...row,
        contentType: parent ? parent.contentType : contentTypeOfRoute(row.route),
        movieCount,
        postCount,
        children: [],
      };
      this.byId.set(row.id, node);
      (parent ? parent.children : this.roots).push(node);
    }
  }

  get(id: number): AdminCategory {
    const node = this.byId.get(id);
    if (!node) throw notFound(m.categoryMissing(id));
    return node;
  }

  siblingsOf(parentId: number | null): AdminCategory[] {
    return parentId === null ? this.roots : this.get(parentId).children;
  }

  rootOf(node: AdminCategory): AdminCategory {
    let at = node;
    while (at.parentId !== null) at = this.get(at.parentId);
    return at;
  }
}

const subtree = (node: AdminCategory): AdminCategory[] => [node, ...node.children.flatMap(subtree)];
const heightOf = (node: AdminCategory): number => 1 + Math.max(0, ...node.children.map(heightOf));
const holdsContent = (node: AdminCategory): boolean =>
  subtree(node).some((each) => each.movieCount > 0 || each.postCount > 0);

export async function categoryTree(q: Queryable): Promise<AdminCategory[]> {
  return new Tree(await loadRows(q)).roots;
}

async function lockedTree(q: Queryable): Promise<Tree> {
  await q.query('LOCK TABLE categories IN EXCLUSIVE MODE');
  return new Tree(await loadRows(q));
}

/** The brief of a node an audit row keeps. */
export const categoryBrief = (node: AdminCategory) => ({
  name: node.name,
  parentId: node.parentId,
  depth: node.depth,
  description: node.description,
  icon: node.icon,
  topicId: node.topicId,
});

/** Forum groups carry a topicId, nothing else does: sets and clears them across the tree. */
async function syncTopicIds(q: Queryable): Promise<void> {
  const forum = `(SELECT id FROM categories WHERE route = '${FORUM_ROUTE}' AND parent_id IS NULL)`;
  await q.query(
    `UPDATE categories SET topic_id = NULL
      WHERE topic_id IS NOT NULL AND route IS NULL AND NOT (depth = 2 AND parent_id IN ${forum})`,
  );
  await q.query(
    `UPDATE categories c SET topic_id = n.topic_id
       FROM (SELECT id, (SELECT COALESCE(max(topic_id), 100) FROM categories) + row_number() OVER (ORDER BY id) AS topic_id
               FROM categories WHERE topic_id IS NULL AND depth = 2 AND parent_id IN ${forum}) n
      WHERE c.id = n.id`,
  );
}

export interface CategoryInput {
  name: string;
  description?: string | undefined;
  icon?: string | null | undefined;
}

export async function createCategory(
  q: Queryable,
  parentId: number | null,
  input: CategoryInput,
): Promise<AdminCategory> {
  const tree = await lockedTree(q);
  let depth = 1;
  if (parentId !== null) {
    const parent = tree.byId.get(parentId);
    if (!parent) throw notFound(m.parentMissing(parentId));
    depth = parent.depth + 1;
    if (depth > MAX_CATEGORY_DEPTH) throw badField('parentId', m.tooDeep(MAX_CATEGORY_DEPTH, depth));
  }
  const row = await q.one<{ id: number }>(
    `INSERT INTO categories (id, parent_id, name, description, icon, sort, depth)
     VALUES (nextval('category_ids'), $1, $2, $3, $4,
             (SELECT COALESCE(max(sort), 0) + 1 FROM categories WHERE parent_id IS NOT DISTINCT FROM $1), $5)
     RETURNING id`,
    [parentId, input.name, input.description ?? '', input.icon ?? null, depth],
  );
  await syncTopicIds(q);
  return new Tree(await loadRows(q)).get(row!.id);
}

export async function changeCategory(
  q: Queryable,
  id: number,
  change: Partial<CategoryInput>,
): Promise<{ before: AdminCategory; after: AdminCategory }> {
  const before = (await lockedTree(q)).get(id);
  await q.query(
    `UPDATE categories SET name = COALESCE($2, name), description = COALESCE($3, description),
            icon = CASE WHEN $4::boolean THEN $5 ELSE icon END WHERE id = $1`,
    [id, change.name ?? null, change.description ?? null, change.icon !== undefined, change.icon ?? null],
  );
  // Movies are found by the names of their categories (search/documents.ts).
  if (change.name !== undefined && change.name !== before.name) await indexCategorised(q, id);
  return { before, after: new Tree(await loadRows(q)).get(id) };
}

export async function moveCategory(
  q: Queryable,
  id: number,
  parentId: number | null,
  position: number | undefined,
): Promise<{ before: AdminCategory; after: AdminCategory }> {
  const tree = await lockedTree(q);
  const node = tree.get(id);
  const parent = parentId === null ? null : tree.byId.get(parentId);
  if (parent === undefined) throw notFound(m.parentMissing(parentId!));
  if (node.route !== null && parent !== null) throw badField('parentId', m.sectionRootFixed(node.name));
  if (parent && subtree(node).includes(parent)) throw badField('parentId', m.moveIntoItself);
  const depth = parent ? parent.depth + 1 : 1;
  const deepest = depth + heightOf(node) - 1;
  if (deepest > MAX_CATEGORY_DEPTH) throw badField('parentId', m.tooDeep(MAX_CATEGORY_DEPTH, deepest));
  const content = parent ? tree.rootOf(parent).contentType : contentTypeOfRoute(node.route);
  if (content !== node.contentType && holdsContent(node)) throw badField('parentId', m.otherSection(node.name));

  const order = placeAt(
    tree.siblingsOf(parentId).map((sibling) => sibling.id),
    id,
    position,
  );
  if (node.parentId !== parentId) {
    await q.query(
      `WITH RECURSIVE sub AS (
         SELECT id, 0 AS below FROM categories WHERE id = $1
         UNION ALL SELECT c.id, sub.below + 1 FROM categories c JOIN sub ON c.parent_id = sub.id)
       UPDATE categories c SET depth = $2 + sub.below FROM sub WHERE c.id = sub.id`,
      [id, depth],
    );
    await q.query('UPDATE categories SET parent_id = $2 WHERE id = $1', [id, parentId]);
    await writeOrder(
      q,
      'categories',
      tree.siblingsOf(node.parentId).flatMap((sibling) => (sibling.id === id ? [] : [sibling.id])),
    );
    await indexCategorised(q, id);
  }
  await writeOrder(q, 'categories', order);
  await syncTopicIds(q);
  return { before: node, after: new Tree(await loadRows(q)).get(id) };
}

export async function deleteCategory(q: Queryable, id: number): Promise<AdminCategory> {
  const node = (await lockedTree(q)).get(id);
  if (node.route !== null) throw badField('id', m.sectionRootFixed(node.name));
  const parts: string[] = [];
  if (node.children.length > 0) parts.push(m.parts.children(node.children.length));
  if (node.movieCount > 0) parts.push(m.parts.movies(node.movieCount));
  if (node.postCount > 0) parts.push(m.parts.posts(node.postCount));
  if (parts.length > 0) throw badField('id', m.categoryNotEmpty(node.name, parts));
  await q.query('DELETE FROM forum_days WHERE category_id = $1', [id]);
  await q.query('DELETE FROM categories WHERE id = $1', [id]);
  return node;
}
