/**
 * The demo movies: each drawn from its own PRNG stream ("movie:<id>") so one movie's values never
 * depend on another's, except for title uniqueness (titles are made in id order). Views are
 * log-uniform from a few hundred to several million; about 60% are free, 25% VIP, 15% coins.
 *
 * Every title has its episodes: a film one, with its demo video; a few titles (SERIES) are series
 * of 3-12 episodes (第1集 …) that all play the title's demo video, so every episode has the same
 * length and the series' intro and outro marks (one pair per title, migration 008) fit each. The
 * animation series is still being released (连载中: its card reads 更新至第N集), the others finished.
 * Lengths are the videos' real ones (media-jobs.ts demoVideoSeconds): what a card lists is what
 * plays. Trials are whole 4 s segments (8 or 12 s), so the trial announced is the trial served.
 */
import { mediaKeys } from '../media/media-layout.ts';
import { fill, unique } from './fill.ts';
import { demoVideoSeconds } from './media-jobs.ts';
import { subgenreCategoryId } from './plan-taxonomy.ts';
import { BASE_DATE, COUNTS, DAY_MS, type EpisodeRow, type MovieRow } from './plan-types.ts';
import { rngFor, type Rng } from './prng.ts';
import { GENERAL_MOVIE_TAGS, GENRES, MOVIE_SLOTS, REGIONS, SYNOPSIS_ENDINGS, type GenreWords } from './words-movies.ts';

/** How common each genre is (same order as GENRES). */
const GENRE_WEIGHTS = [14, 12, 12, 9, 13, 7, 9, 6, 13, 5];
const SEQUELS = ['2', '3', '：重启', '：前传', '：终章'];
const PRICES = [5, 8, 10, 12, 15, 18, 20, 25, 30, 38, 45, 50];

/**
 * The series: the first title from id 40 up of each of these genres and access kinds (so demos have
 * free series to play, and a VIP one whose episodes each keep the trial); one still being released.
 */
const SERIES: readonly { genre: string; access: MovieRow['access']; ongoing?: true }[] = [
  { genre: '剧情', access: 'free' },
  { genre: '动画', access: 'free', ongoing: true },
  { genre: '纪录片', access: 'free' },
  { genre: '悬疑', access: 'free' },
  { genre: '剧情', access: 'vip' },
];
const FIRST_SERIES_ID = 40;
/** A series' marks: the intro is its first 6 s, the outro its last 10 s. */
const INTRO_S = 6;
const OUTRO_S = 10;

/** The demo video (1..COUNTS.videos) of title `id`. */
const videoOf = (id: number): number => ((id - 1) % COUNTS.videos) + 1;

/** Episodes 1..count of title `id`, each playing the title's video. */
function seriesEpisodes(id: number, count: number): EpisodeRow[] {
  const n = videoOf(id);
  return Array.from({ length: count }, (_, i) => ({
    number: i + 1,
    title: `第${i + 1}集`,
    video: mediaKeys.video(n),
    durationS: demoVideoSeconds(n),
  }));
}

/** Turns the chosen titles into series (in place). */
function makeSeries(movies: MovieRow[]): void {
  const taken = new Set<number>();
  for (const spec of SERIES) {
    const movie = movies.find(
      (m) => m.id >= FIRST_SERIES_ID && !taken.has(m.id) && m.genre === spec.genre && m.access === spec.access,
    );
    if (!movie) continue;
    taken.add(movie.id);
    movie.episodes = seriesEpisodes(movie.id, rngFor(`series-count:${movie.id}`).int(3, 12));
    movie.durationS = movie.episodes[0]!.durationS;
    movie.introEndS = INTRO_S;
    movie.outroStartS = movie.durationS - OUTRO_S;
    movie.finished = !spec.ongoing;
  }
}

/** Mostly recent films; the oldest from 1990. */
const year = (rng: Rng): number => 2026 - Math.floor(36 * rng.next() ** 1.8);

function publishedAt(rng: Rng, filmYear: number): number {
  const earliest = Math.max(BASE_DATE - 730 * DAY_MS, Date.UTC(filmYear, 0, 1));
  return Math.round(earliest + (BASE_DATE - earliest) * rng.next() ** 0.7);
}

function synopsis(rng: Rng, genre: GenreWords): string {
  const parts = [fill(rng, rng.pick(genre.premises), MOVIE_SLOTS), rng.pick(genre.turns), rng.pick(SYNOPSIS_ENDINGS)];
  return parts.filter(Boolean).join('');
}

export function planMovies(tagId: (name: string) => number, count: number = COUNTS.movies): MovieRow[] {
  const titles = new Set<string>();
  const movies: MovieRow[] = [];
  for (let id = 1; id <= count; id++) {
    const rng = rngFor(`movie:${id}`);
    const g = rng.weighted(GENRES.map((_, i) => [i, GENRE_WEIGHTS[i] ?? 5] as const));
    const genre = GENRES[g]!;
    const sub = rng.int(0, genre.subgenres.length - 1);
    const region = rng.weighted(REGIONS.map((r) => [r, r.weight] as const));
    const title = unique(titles, () => {
      const base = fill(rng, rng.pick(genre.titles), MOVIE_SLOTS);
      return rng.chance(0.07) ? base + rng.pick(SEQUELS) : base;
    });
    const filmYear = year(rng);
    const views = rng.logInt(300, 6_000_000);
    const access = rng.weighted([
      ['free', 60],
      ['vip', 25],
      ['coins', 15],
    ] as const);
    const tagNames = new Set<string>(rng.sample(genre.tags, rng.int(1, 2)));
    if (region.tag && rng.chance(0.5)) tagNames.add(region.tag);
    for (const name of rng.sample(GENERAL_MOVIE_TAGS, rng.int(1, 2))) tagNames.add(name);
    const durationS = demoVideoSeconds(videoOf(id));
    movies.push({
      id,
      title,
      description: synopsis(rng, genre),
      poster: mediaKeys.poster(id),
      episodes: [{ number: 1, title: '', video: mediaKeys.video(videoOf(id)), durationS }],
      durationS,
      views,
      likes: Math.round(views * rng.float(0.008, 0.06)),
      categoryId: subgenreCategoryId(g, sub),
      genre: genre.name,
      mood: genre.mood,
      access,
      priceCoins: access === 'coins' ? rng.pick(PRICES) : 0,
      trialS: access === 'free' ? 0 : rng.pick([8, 12]),
      introEndS: null,
      outroStartS: null,
      finished: true,
      region: region.label,
      year: filmYear,
      publishedAt: publishedAt(rng, filmYear),
      tagIds: [...tagNames].slice(0, 5).map(tagId),
    });
  }
  makeSeries(movies);
  return movies;
}
