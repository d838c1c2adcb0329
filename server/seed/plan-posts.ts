/**
 * The demo posts: forum topics spread over the groups by weight (announcements mostly pinned),
 * gossip posts with covers, and archive articles (about a quarter priced in coins). Topics and
 * articles talk about the seeded movies by title.
 */
import { fill, paragraphs, type Slots } from './fill.ts';
import { finishPost, poolImages, type PostContext } from './plan-replies.ts';
import { COUNTS, IDS, type PostRow } from './plan-types.ts';
import { rngFor, type Rng } from './prng.ts';
import { FORUM_GROUPS, FORUM_SLOTS } from './words-forum.ts';
import {
  ARCHIVE_CATEGORIES,
  ARTICLE_PARAGRAPHS,
  ARTICLE_SLOTS,
  ARTICLE_TITLES,
  CHIGUA_BODY_SLOTS,
  CHIGUA_CATEGORIES,
  CHIGUA_CLOSINGS,
  CHIGUA_MIDDLES,
  CHIGUA_OPENINGS,
  CHIGUA_SLOTS,
  CHIGUA_TITLES,
} from './words-gossip.ts';
import { GENRES, REGIONS } from './words-movies.ts';

const GENRE_NAMES = GENRES.map((genre) => genre.name);
const REGION_LABELS = REGIONS.map((region) => region.label);
const GENRE_TAGS = GENRES.flatMap((genre) => genre.tags);

/**
 * The choices a post's title and every paragraph share: one movie and its genre, so a topic that
 * names 《X》 in its title talks about 《X》 and compares it with films of X's genre.
 */
function postTheme(rng: Rng, ctx: PostContext): Map<string, string> {
  const movie = rng.pick(ctx.movies);
  return new Map([
    ['movie', movie.title],
    ['genre', movie.genre],
  ]);
}

/** Fills each template with its own copy of the theme, so other slots vary from paragraph to paragraph. */
const fillAll = (rng: Rng, templates: readonly string[], slots: Slots, theme: Map<string, string>): string =>
  paragraphs(templates.map((t) => fill(rng, t, slots, new Map(theme))));

/** Picks `min`-`max` of the templates, keeping their order. */
function someOf(rng: Rng, templates: readonly string[], min: number, max: number): string[] {
  const chosen = new Set(rng.sample(templates, rng.int(min, max)));
  return templates.filter((t) => chosen.has(t));
}

function planTopics(ctx: PostContext): PostRow[] {
  const slots = { ...FORUM_SLOTS, movie: ctx.movieTitles, genre: GENRE_NAMES, region: REGION_LABELS };
  const posts: PostRow[] = [];
  for (let i = 0; i < COUNTS.topics; i++) {
    const id = IDS.firstTopic + i;
    const rng = rngFor(`topic:${id}`);
    const g = rng.weighted(FORUM_GROUPS.map((group, index) => [index, group.weight] as const));
    const group = FORUM_GROUPS[g]!;
    const images = rng.chance(0.35) ? poolImages(rng, rng.int(1, 6)) : [];
    const official = group.name === '站务公告';
    const theme = postTheme(rng, ctx);
    posts.push(
      finishPost(
        id,
        rng,
        {
          kind: 'topic',
          categoryId: IDS.forumGroupBase + g,
          title: fill(rng, rng.pick(group.titles), slots, new Map(theme)),
          body: fillAll(rng, someOf(rng, group.paragraphs, 2, 5), slots, theme),
          cover: images[0] ?? null,
          images,
          views: rng.logInt(30, official ? 300_000 : 120_000),
          priceCoins: 0,
          pinned: official ? rng.chance(0.6) : rng.chance(0.015),
          tagNames: rng.chance(0.4) ? [...group.tags, rng.pick(GENRE_TAGS)] : group.tags,
          maxReplies: 40,
        },
        ctx,
      ),
    );
  }
  return posts;
}

function planChigua(ctx: PostContext): PostRow[] {
  const slots = { ...CHIGUA_SLOTS, ...CHIGUA_BODY_SLOTS, movie: ctx.movieTitles };
  const posts: PostRow[] = [];
  for (let i = 0; i < COUNTS.chigua; i++) {
    const id = IDS.firstChigua + i;
    const rng = rngFor(`chigua:${id}`);
    const c = rng.int(0, CHIGUA_CATEGORIES.length - 1);
    const images = poolImages(rng, rng.int(1, 4));
    const body = [rng.pick(CHIGUA_OPENINGS), ...someOf(rng, CHIGUA_MIDDLES, 1, 2), rng.pick(CHIGUA_CLOSINGS)];
    const theme = postTheme(rng, ctx);
    const title = fill(rng, rng.pick(CHIGUA_TITLES), slots, theme);
    posts.push(
      finishPost(
        id,
        rng,
        {
          kind: 'chigua',
          categoryId: IDS.chiguaCategoryBase + c,
          title,
          body: fillAll(rng, body, slots, theme),
          cover: images[0]!,
          images: images.slice(1),
          views: rng.logInt(1_000, 3_000_000),
          priceCoins: 0,
          pinned: rng.chance(0.03),
          tagNames: rng.sample(CHIGUA_CATEGORIES[c]!.tags, rng.int(1, 2)),
          maxReplies: 30,
        },
        ctx,
      ),
    );
  }
  return posts;
}

function planArticles(ctx: PostContext): PostRow[] {
  const slots = {
    ...ARTICLE_SLOTS,
    movie: ctx.movieTitles,
    genre: GENRE_NAMES,
    region: REGION_LABELS,
    year: ['2025', '2026'],
  };
  const posts: PostRow[] = [];
  for (let i = 0; i < COUNTS.articles; i++) {
    const id = IDS.firstArticle + i;
    const rng = rngFor(`article:${id}`);
    const c = i % ARCHIVE_CATEGORIES.length;
    const priced = rng.chance(0.25);
    const theme = postTheme(rng, ctx);
    posts.push(
      finishPost(
        id,
        rng,
        {
          kind: 'article',
          categoryId: IDS.archiveCategoryBase + c,
          title: fill(rng, rng.pick(ARTICLE_TITLES[c]!), slots, new Map(theme)),
          body: fillAll(rng, someOf(rng, ARTICLE_PARAGRAPHS, 4, 7), slots, theme),
          cover: poolImages(rng, 1)[0]!,
          images: rng.chance(0.4) ? poolImages(rng, rng.int(1, 3)) : [],
          views: rng.logInt(500, 800_000),
          priceCoins: priced ? rng.pick([5, 8, 10, 15, 20, 30]) : 0,
          pinned: false,
          tagNames: rng.chance(0.5)
            ? [...ARCHIVE_CATEGORIES[c]!.tags, rng.pick(GENRE_TAGS)]
            : ARCHIVE_CATEGORIES[c]!.tags,
          maxReplies: 15,
        },
        ctx,
      ),
    );
  }
  return posts;
}

export function planPosts(tagId: (name: string) => number, movies: PostContext['movies']): PostRow[] {
  const ctx: PostContext = {
    tagId,
    movies,
    movieTitles: movies.map((movie) => movie.title),
    nextReplyId: { value: 1 },
  };
  return [...planTopics(ctx), ...planChigua(ctx), ...planArticles(ctx)];
}
