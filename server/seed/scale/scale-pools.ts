/**
 * Word pools of the scale seed, built in memory from the demo's word lists and templates: titles
 * per category (a genre's film titles, a forum group's topic titles, gossip and archive headlines),
 * reply bodies, nicknames, bios and tag names. The bulk SQL (scale-fill.ts) picks from them by a
 * hash of each row's number, so a million posts read like the demo's posts and every run of one
 * factor writes the same rows.
 */
import { fill } from '../fill.ts';
import { IDS } from '../plan-types.ts';
import { rngFor } from '../prng.ts';
import { FORUM_GROUPS, FORUM_SLOTS, REPLIES, REPLY_SLOTS } from '../words-forum.ts';
import {
  ARCHIVE_CATEGORIES,
  ARTICLE_SLOTS,
  ARTICLE_TITLES,
  CHIGUA_CATEGORIES,
  CHIGUA_SLOTS,
  CHIGUA_TITLES,
} from '../words-gossip.ts';
import { GENERAL_MOVIE_TAGS, GENRES, MOVIE_SLOTS, REGIONS } from '../words-movies.ts';
import {
  BIO_SLOTS,
  BIO_TEMPLATES,
  GIVEN_NAMES,
  NICK_PREFIXES,
  NICK_SUFFIXES,
  PLACES,
  SURNAMES,
} from '../words-people.ts';
import { POST_TAGS } from '../words-site.ts';

/** Entries per pool key: the SQL picks `hash % TITLES_PER_KEY` within a key. */
export const TITLES_PER_KEY = 400;
export const REPLY_POOL = 3000;
export const NICK_POOL = 2000;
export const BIO_POOL = 400;

const SEQUELS = ['2', '3', '：重启', '：前传', '：终章', '（导演剪辑版）', '（国语版）'];

export interface TitleRow {
  /** The category the titles belong to: a genre (10 + g), a forum group, a gossip or archive category. */
  key: number;
  k: number;
  title: string;
}

export interface ScalePools {
  titles: TitleRow[];
  replies: string[];
  nicknames: string[];
  bios: string[];
  /** Distinct tag names, none of the demo's (the demo's tags keep their ids). */
  tagNames: string[];
}

function movieTitles(): { rows: TitleRow[]; names: string[] } {
  const rows: TitleRow[] = [];
  GENRES.forEach((genre, g) => {
    const rng = rngFor(`scale:movie-titles:${g}`);
    for (let k = 0; k < TITLES_PER_KEY; k++) {
      const base = fill(rng, rng.pick(genre.titles), MOVIE_SLOTS);
      rows.push({ key: IDS.genreBase + g, k, title: rng.chance(0.08) ? base + rng.pick(SEQUELS) : base });
    }
  });
  return { rows, names: rows.map((row) => row.title) };
}

function postTitles(movieNames: readonly string[]): TitleRow[] {
  const genre = GENRES.map((words) => words.name);
  const region = REGIONS.map((words) => words.label);
  const rows: TitleRow[] = [];
  const add = (key: number, templates: readonly string[], slots: Record<string, readonly string[]>) => {
    const rng = rngFor(`scale:post-titles:${key}`);
    for (let k = 0; k < TITLES_PER_KEY; k++) rows.push({ key, k, title: fill(rng, rng.pick(templates), slots) });
  };
  const forumSlots = { ...FORUM_SLOTS, movie: movieNames, genre, region };
  FORUM_GROUPS.forEach((group, i) => add(IDS.forumGroupBase + i, group.titles, forumSlots));
  CHIGUA_CATEGORIES.forEach((_, i) =>
    add(IDS.chiguaCategoryBase + i, CHIGUA_TITLES, { ...CHIGUA_SLOTS, movie: movieNames }),
  );
  const articleSlots = { ...ARTICLE_SLOTS, movie: movieNames, genre, region, year: ['2023', '2024', '2025', '2026'] };
  ARCHIVE_CATEGORIES.forEach((_, i) => add(IDS.archiveCategoryBase + i, ARTICLE_TITLES[i]!, articleSlots));
  return rows;
}

function tagNames(): string[] {
  const demo = new Set<string>([...GENRES.flatMap((g) => g.tags), ...GENERAL_MOVIE_TAGS, ...POST_TAGS]);
  const names = new Set<string>();
  const add = (name: string) => {
    if (!demo.has(name)) names.add(name);
  };
  // People (actors, directors), places, and place + genre: the long tail of a real tag list.
  for (const surname of SURNAMES) for (const given of GIVEN_NAMES) add(surname + given);
  for (const place of PLACES) {
    add(place);
    for (const genre of GENRES) add(`${place}${genre.name}`);
  }
  for (const region of REGIONS) for (const genre of GENRES) add(`${region.label}${genre.name}片`);
  const rng = rngFor('scale:tags');
  return rng.sample([...names], names.size);
}

export function buildScalePools(): ScalePools {
  const movies = movieTitles();
  const replyRng = rngFor('scale:replies');
  const replySlots = { ...REPLY_SLOTS, movie: movies.names };
  const nickRng = rngFor('scale:nicknames');
  const bioRng = rngFor('scale:bios');
  return {
    titles: [...movies.rows, ...postTitles(movies.names)],
    replies: Array.from({ length: REPLY_POOL }, () => {
      const body = fill(replyRng, replyRng.pick(REPLIES), replySlots);
      return replyRng.chance(0.25) ? `${body}。${fill(replyRng, replyRng.pick(REPLIES), replySlots)}` : body;
    }),
    nicknames: Array.from({ length: NICK_POOL }, () => nickRng.pick(NICK_PREFIXES) + nickRng.pick(NICK_SUFFIXES)),
    bios: Array.from({ length: BIO_POOL }, () => fill(bioRng, bioRng.pick(BIO_TEMPLATES), BIO_SLOTS)),
    tagNames: tagNames(),
  };
}
