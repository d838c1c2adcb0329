/**
 * The category tree (three levels; roots carry the section route '/movie', '/forum', '/chigua',
 * '/archives'; forum groups carry a topicId). The table is small, so the tree is built in memory;
 * subtree and path lookups for list filters and details are single recursive queries.
 */
import type { CategoryBrief, CategoryDetail, CategoryNode } from '../../contract/calls/content.ts';
import type { Queryable } from './db.ts';

interface CategoryRow {
  id: number;
  parentId: number | null;
  name: string;
  route: string | null;
  topicId: number | null;
  icon: string | null;
  description: string;
}

/** What the lists of a section hold, by its root's route; other roots hold articles. */
const CONTENT_OF_ROUTE: Record<string, CategoryDetail['contentType']> = {
  '/movie': 'movie',
  '/forum': 'topic',
  '/chigua': 'chigua',
  '/archives': 'article',
};

export const contentTypeOfRoute = (route: string | null): CategoryDetail['contentType'] =>
  (route !== null && CONTENT_OF_ROUTE[route]) || 'article';

const listRows = (q: Queryable): Promise<CategoryRow[]> =>
  q.query<CategoryRow>(
    `SELECT id, parent_id AS "parentId", name, route, topic_id AS "topicId", icon, description
     FROM categories ORDER BY depth, sort, id`,
  );

interface Tree {
  roots: CategoryNode[];
  nodes: Map<number, CategoryNode>;
  parents: Map<number, number | null>;
}

function buildTree(rows: CategoryRow[]): Tree {
  const nodes = new Map<number, CategoryNode>();
  const parents = new Map<number, number | null>();
  const roots: CategoryNode[] = [];
  // Rows come parents first (ordered by depth), each level in its own sort order.
  for (const row of rows) {
    const node: CategoryNode = {
      categoryId: row.id,
      name: row.name,
      route: row.route,
      topicId: row.topicId,
      icon: row.icon,
      description: row.description,
      childList: [],
    };
    nodes.set(row.id, node);
    parents.set(row.id, row.parentId);
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    if (parent) parent.childList.push(node);
    else roots.push(node);
  }
  return { roots, nodes, parents };
}

export async function categoryTree(q: Queryable): Promise<CategoryNode[]> {
  return buildTree(await listRows(q)).roots;
}

/** Route with or without its leading slash. */
const normalRoute = (route: string): string => (route.startsWith('/') ? route : `/${route}`);

/** A category by id or by route (id wins), with its subtree, its path and what it holds. */
export async function findCategory(
  q: Queryable,
  lookup: { categoryId?: number | undefined; route?: string | undefined },
): Promise<CategoryDetail | undefined> {
  const tree = buildTree(await listRows(q));
  const route = lookup.route === undefined ? undefined : normalRoute(lookup.route);
  const node =
    lookup.categoryId !== undefined
      ? tree.nodes.get(lookup.categoryId)
      : [...tree.nodes.values()].find((candidate) => candidate.route === route);
  if (!node) return undefined;
  const path: CategoryNode[] = [];
  for (let at: CategoryNode | undefined = node; at;) {
    path.unshift(at);
    const parentId = tree.parents.get(at.categoryId);
    at = parentId === null || parentId === undefined ? undefined : tree.nodes.get(parentId);
  }
  return {
    node,
    path: path.map(({ categoryId, name }) => ({ categoryId, name })),
    contentType: contentTypeOfRoute(path[0]?.route ?? null),
  };
}

/** The children of a section root (e.g. the movie genres), each with its subtree. */
export async function sectionChildren(q: Queryable, route: string): Promise<CategoryNode[]> {
  return buildTree(await listRows(q)).roots.find((root) => root.route === route)?.childList ?? [];
}

/** The category and all its descendants; empty when the category does not exist. */
export async function subtreeIds(q: Queryable, categoryId: number): Promise<number[]> {
  const rows = await q.query<{ id: number }>(
    `WITH RECURSIVE sub AS (
       SELECT id FROM categories WHERE id = $1
       UNION ALL SELECT c.id FROM categories c JOIN sub ON c.parent_id = sub.id)
     SELECT id FROM sub`,
    [categoryId],
  );
  return rows.map((row) => row.id);
}

/** The category id of a forum group, by its topicId. */
export async function categoryIdOfTopic(q: Queryable, topicId: number): Promise<number | undefined> {
  return (await q.one<{ id: number }>('SELECT id FROM categories WHERE topic_id = $1', [topicId]))?.id;
}

/** Root to the category itself. */
export function categoryPath(q: Queryable, categoryId: number): Promise<CategoryBrief[]> {
  return q.query<CategoryBrief>(
    `WITH RECURSIVE up AS (
       SELECT id, parent_id, name, depth FROM categories WHERE id = $1
       UNION ALL SELECT c.id, c.parent_id, c.name, c.depth FROM categories c JOIN up ON c.id = up.parent_id)
     SELECT id AS "categoryId", name FROM up ORDER BY depth`,
    [categoryId],
  );
}
