/**
 * What the content calls share: code 6 with a zh-CN message naming what is missing, and the
 * resolution of list filters (a category with its descendants, a forum group, a tag key) to ids,
 * refusing unknown ones with code 6 rather than answering an empty list.
 */
import { Code } from '../../contract/protocol/codes.ts';
import { categoryIdOfTopic, subtreeIds } from '../db/categories.ts';
import type { Queryable } from '../db/db.ts';
import { tagIdByKey } from '../db/tags.ts';
import { ApiError } from '../api-error.ts';

export const notFound = (message: string): ApiError => new ApiError(Code.NotFound, message);

/** The value, or code 6 with the message when it is undefined. */
export function found<T>(value: T | undefined, message: string): T {
  if (value === undefined) throw notFound(message);
  return value;
}

/** The category and its descendants, when a categoryId is given. */
export async function categoryScope(q: Queryable, categoryId: number | undefined): Promise<number[] | undefined> {
  if (categoryId === undefined) return undefined;
  const ids = await subtreeIds(q, categoryId);
  if (ids.length === 0) throw notFound(`分类不存在：${categoryId}`);
  return ids;
}

/** The forum group of a topicId and its subgroups, when a topicId is given. */
async function forumScope(q: Queryable, topicId: number | undefined): Promise<number[] | undefined> {
  if (topicId === undefined) return undefined;
  const categoryId = found(await categoryIdOfTopic(q, topicId), `版块不存在：${topicId}`);
  return subtreeIds(q, categoryId);
}

/** Both scopes at once: the categories in both (a topicId and a categoryId narrow each other). */
export async function postScope(
  q: Queryable,
  filters: { topicId?: number | undefined; categoryId?: number | undefined },
): Promise<number[] | undefined> {
  const [forum, category] = await Promise.all([forumScope(q, filters.topicId), categoryScope(q, filters.categoryId)]);
  if (!forum || !category) return forum ?? category;
  return forum.filter((id) => category.includes(id));
}

export async function tagScope(q: Queryable, key: string | undefined): Promise<number | undefined> {
  if (key === undefined) return undefined;
  return found(await tagIdByKey(q, key), `标签不存在：${key}`);
}
