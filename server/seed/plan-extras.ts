/**
 * The rest of the demo data: authors (users of the demo site with nicknames, bios and avatars),
 * featured collections gathered by genre or region, banners linking into the app, the CDN lines
 * and the data dictionary.
 */
import { mediaKeys } from '../media/media-layout.ts';
import { fill, unique } from './fill.ts';
import {
  BASE_DATE,
  COUNTS,
  DAY_MS,
  type AuthorRow,
  type BannerRow,
  type DemoPlan,
  type DictRow,
  type FeaturedRow,
  type MovieRow,
  type PostRow,
} from './plan-types.ts';
import { rngFor } from './prng.ts';
import { GENRES, REGIONS } from './words-movies.ts';
import { BIO_SLOTS, BIO_TEMPLATES, NICK_PREFIXES, NICK_SUFFIXES } from './words-people.ts';
import { BANNERS, CDN_LINES, DICTIONARY, FEATURED, type BannerTarget, type FeaturedPick } from './words-site.ts';

export const authorDeviceId = (n: number): string => `seed-author-${String(n).padStart(3, '0')}`;

export function planAuthors(): AuthorRow[] {
  const names = new Set<string>();
  return Array.from({ length: COUNTS.authors }, (_, i) => {
    const n = i + 1;
    const rng = rngFor(`author:${n}`);
    return {
      n,
      deviceId: authorDeviceId(n),
      nickname: unique(names, () => rng.pick(NICK_PREFIXES) + rng.pick(NICK_SUFFIXES)),
      avatar: mediaKeys.avatar(n),
      bio: fill(rng, rng.pick(BIO_TEMPLATES), BIO_SLOTS),
      createdAt: BASE_DATE - rng.int(760, 1100) * DAY_MS,
    };
  });
}

function matches(movie: MovieRow, pick: FeaturedPick): boolean {
  if ('genre' in pick) return movie.genre === pick.genre;
  if ('region' in pick) return movie.region === pick.region;
  return true;
}

export function planFeatured(movies: readonly MovieRow[], posts: readonly PostRow[]): FeaturedRow[] {
  const articles = posts.filter((post) => post.kind === 'article');
  return FEATURED.map((words, i) => {
    const id = i + 1;
    const rng = rngFor(`featured:${id}`);
    const pick = words.pick;
    const pool = movies.filter((movie) => matches(movie, pick)).sort((a, b) => b.views - a.views);
    const chosen = pool.slice(0, rng.int(8, 16));
    const genre = 'genre' in pick ? GENRES.find((g) => g.name === pick.genre) : undefined;
    return {
      id,
      title: words.title,
      description: words.description,
      cover: mediaKeys.featured(id),
      mood: genre?.mood ?? chosen[0]?.mood ?? 'warm',
      sort: id,
      items: [
        ...chosen.map((movie) => ({ type: 'movie' as const, id: movie.id })),
        ...rng.sample(articles, rng.int(2, 4)).map((post) => ({ type: 'post' as const, id: post.id })),
      ],
    };
  });
}

export function planBanners(movies: readonly MovieRow[], posts: readonly PostRow[]): BannerRow[] {
  const newest = [...movies].sort((a, b) => b.publishedAt - a.publishedAt)[0]!;
  const announcement =
    posts.find((post) => post.kind === 'topic' && post.pinned && post.title.startsWith('【')) ??
    posts.find((post) => post.kind === 'topic')!;
  const link = (target: BannerTarget): string => {
    if (target === 'newest-movie') return `/movie/${newest.id}`;
    if (target === 'event-topic') return `/topic/${announcement.id}`;
    if (target.startsWith('featured-')) return `/featured/${target.slice('featured-'.length)}`;
    return target;
  };
  return BANNERS.map((banner, i) => ({
    id: i + 1,
    title: banner.target === 'newest-movie' ? `${banner.title}：《${newest.title}》` : banner.title,
    image: mediaKeys.banner(i + 1),
    link: link(banner.target),
    sort: i + 1,
  }));
}

export function planDictionary(): DictRow[] {
  const entries = Object.entries(DICTIONARY).flatMap(([type, pairs]) =>
    pairs.map(([key, label], i) => ({ type, key, label, sort: i + 1 })),
  );
  const regions = REGIONS.map((region, i) => ({ type: 'region', key: region.key, label: region.label, sort: i + 1 }));
  return [...entries, ...regions];
}

export const planCdnLines = (): DemoPlan['cdnLines'] => CDN_LINES.map((line) => ({ ...line, sort: line.id }));
