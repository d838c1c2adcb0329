/**
 * The category tree and the tag list of the demo data. Categories: four roots with routes
 * ('/movie', '/forum', '/chigua', '/archives'); under 电影 the genres and their sub-genres (three
 * levels); under 论坛 the forum groups, each with its topicId; under 吃瓜 and 文章 their sections.
 */
import { IDS, type CategoryRow, type TagRow } from './plan-types.ts';
import { FORUM_GROUPS } from './words-forum.ts';
import { ARCHIVE_CATEGORIES, CHIGUA_CATEGORIES } from './words-gossip.ts';
import { GENERAL_MOVIE_TAGS, GENRES, REGIONS } from './words-movies.ts';
import { POST_TAGS } from './words-site.ts';

const root = (id: number, name: string, route: string, icon: string, description: string): CategoryRow => ({
  id,
  parentId: null,
  name,
  route,
  topicId: null,
  icon,
  description,
  sort: id,
  depth: 1,
});

const child = (
  id: number,
  parentId: number,
  sort: number,
  words: { name: string; icon?: string | null; description?: string },
  depth: 2 | 3 = 2,
  topicId: number | null = null,
): CategoryRow => ({
  id,
  parentId,
  name: words.name,
  route: null,
  topicId,
  icon: words.icon ?? null,
  description: words.description ?? '',
  sort,
  depth,
});

export const genreCategoryId = (genreIndex: number): number => IDS.genreBase + genreIndex;
export const subgenreCategoryId = (genreIndex: number, subIndex: number): number =>
  IDS.subgenreBase + 10 * genreIndex + subIndex;

export function planCategories(): CategoryRow[] {
  const rows: CategoryRow[] = [
    root(IDS.rootMovie, '电影', '/movie', 'mdi:movie-open', '海量电影，按类型与地区浏览'),
    root(IDS.rootForum, '论坛', '/forum', 'mdi:forum', '影迷聚集地，聊片、求片、分享'),
    root(IDS.rootChigua, '吃瓜', '/chigua', 'mdi:fruit-watermelon', '娱乐圈新鲜事，一手瓜'),
    root(IDS.rootArchives, '文章', '/archives', 'mdi:book-open-page-variant', '影评、片单与行业观察'),
  ];
  GENRES.forEach((genre, g) => {
    rows.push(
      child(genreCategoryId(g), IDS.rootMovie, g, {
        name: genre.name,
        icon: genre.icon,
        description: `${genre.name}片精选`,
      }),
    );
    genre.subgenres.forEach((name, s) => {
      rows.push(child(subgenreCategoryId(g, s), genreCategoryId(g), s, { name }, 3));
    });
  });
  FORUM_GROUPS.forEach((group, i) => {
    rows.push(child(IDS.forumGroupBase + i, IDS.rootForum, i, group, 2, IDS.forumTopicIdBase + i));
  });
  CHIGUA_CATEGORIES.forEach((words, i) => rows.push(child(IDS.chiguaCategoryBase + i, IDS.rootChigua, i, words)));
  ARCHIVE_CATEGORIES.forEach((words, i) => rows.push(child(IDS.archiveCategoryBase + i, IDS.rootArchives, i, words)));
  return rows;
}

/** Every tag name once, in a fixed order (its position + 1 is its id); use counts come later. */
export function planTags(): TagRow[] {
  const names = new Set<string>([
    ...GENRES.flatMap((genre) => genre.tags),
    ...REGIONS.flatMap((region) => (region.tag ? [region.tag] : [])),
    ...GENERAL_MOVIE_TAGS,
    ...POST_TAGS,
  ]);
  return [...names].map((name, i) => ({ id: i + 1, name, hotRank: null, useCount: 0 }));
}

/** Tag id by name; throws on a name the lists do not have (a typo in a word list). */
export function tagIndex(tags: readonly TagRow[]): (name: string) => number {
  const byName = new Map(tags.map((tag) => [tag.name, tag.id]));
  return (name) => {
    const id = byName.get(name);
    if (id === undefined) throw new Error(`unknown tag ${name}`);
    return id;
  };
}

/**
 * Sets each tag's use count, and ranks the hot list: the `hotCount` tags with the highest score,
 * where a movie counts four times a post (the hot list is about films, not forum chatter).
 */
export function rankTags(
  tags: TagRow[],
  movieUsages: readonly (readonly number[])[],
  postUsages: readonly (readonly number[])[],
  hotCount = 12,
): void {
  const count = (usages: readonly (readonly number[])[]) => {
    const counts = new Map<number, number>();
    for (const ids of usages) for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
    return counts;
  };
  const inMovies = count(movieUsages);
  const inPosts = count(postUsages);
  const score = new Map<number, number>();
  for (const tag of tags) {
    tag.useCount = (inMovies.get(tag.id) ?? 0) + (inPosts.get(tag.id) ?? 0);
    score.set(tag.id, 4 * (inMovies.get(tag.id) ?? 0) + (inPosts.get(tag.id) ?? 0));
  }
  [...tags]
    .sort((a, b) => score.get(b.id)! - score.get(a.id)! || a.id - b.id)
    .slice(0, hotCount)
    .forEach((tag, i) => (tag.hotRank = i + 1));
}
