/**
 * The home page in one call: the site's banners, hot tags, the movie genres as shortcuts (the
 * children of '/movie'), featured collections, newest and most viewed movies, newest topics.
 */
import { emptyPayloadSchema, type HomeData } from '../../contract/calls/content.ts';
import { API } from '../../contract/calls/paths.ts';
import { sectionChildren } from '../db/categories.ts';
import type { Queryable } from '../db/db.ts';
import { listFeatured } from '../db/featured.ts';
import { topMovies } from '../db/movies.ts';
import { topPosts } from '../db/posts.ts';
import { siteBanners } from '../db/site-lists.ts';
import { hotTags } from '../db/tags.ts';
import { defineCall, type Call } from '../protocol/define-call.ts';

/** How many entries each home row shows. */
const ROW = { featured: 6, movies: 12, topics: 10 } as const;

async function homeData(q: Queryable, siteId: number): Promise<HomeData> {
  const [banners, tags, shortcuts, featured, newestMovies, hotMovies, newestTopics] = await Promise.all([
    siteBanners(q, siteId),
    hotTags(q),
    sectionChildren(q, '/movie'),
    listFeatured(q, ROW.featured),
    topMovies(q, { sort: 'new' }, ROW.movies),
    topMovies(q, { sort: 'hot' }, ROW.movies),
    topPosts(q, { kind: 'topic', sort: 'new' }, ROW.topics),
  ]);
  return { banners, hotTags: tags, shortcuts, featured, newestMovies, hotMovies, newestTopics };
}

export const homeCalls: readonly Call[] = [
  defineCall({
    path: API.home,
    schema: emptyPayloadSchema,
    auth: 'none',
    handler: ({ db, site }) => homeData(db, site.id),
  }),
];
