/**
 * The whole demo data set, built in memory from the word lists and the fixed seed: the same plan on
 * every machine and every run. Cheap (tens of milliseconds), so the media generator can rebuild it
 * to know which files to make even when the rows are already in the database.
 */
import { planComments } from './plan-comments.ts';
import { planAuthors, planBanners, planCdnLines, planDictionary, planFeatured } from './plan-extras.ts';
import { planMovies } from './plan-movies.ts';
import { planPosts } from './plan-posts.ts';
import { planCategories, planTags, rankTags, tagIndex } from './plan-taxonomy.ts';
import type { DemoPlan } from './plan-types.ts';

export function buildDemoPlan(): DemoPlan {
  const categories = planCategories();
  const tags = planTags();
  const tagId = tagIndex(tags);
  const movies = planMovies(tagId);
  const posts = planPosts(tagId, movies);
  rankTags(
    tags,
    movies.map((movie) => movie.tagIds),
    posts.map((post) => post.tagIds),
  );
  return {
    categories,
    tags,
    authors: planAuthors(),
    movies,
    posts,
    comments: planComments(movies),
    featured: planFeatured(movies, posts),
    banners: planBanners(movies, posts),
    cdnLines: planCdnLines(),
    dictionary: planDictionary(),
  };
}
