/**
 * Shared pieces of the scale seed's SQL: how many rows a factor asks for, where the generated ids
 * start (above the demo's fixed ids and below the sequences members' rows take), and `u(x, salt)`,
 * a uniform number in [0, 1) hashed from a row number, so the same factor always writes the same
 * rows (hashint8extended exists on PostgreSQL 11+ and on PGlite).
 */
import { COUNTS, IDS, SEEDED_ID_LIMIT } from '../plan-types.ts';

/** Rows per unit of the factor: at factor 1000, 200k movies, 1M posts, about 10M replies. */
export const PER_UNIT = {
  users: 100,
  movies: 200,
  posts: 1000,
  tags: 8,
} as const;

/** Post replies per post: min(cap, floor(A·(u^-s − 1))), a long tail with a mean near 8.5 (cap ≤ 200 × factor). */
export const POST_REPLIES = { a: 2.5, s: 0.8, cap: 20_000 } as const;
/** Movie comments per movie, a mean near 7.5; each commenter comments once per movie. */
export const MOVIE_COMMENTS = { a: 2.4, s: 0.8, cap: 3_000 } as const;

/** Generated movies and posts take ids from here (their own range in each table). */
export const SCALE_ID_BASE = SEEDED_ID_LIMIT;
/** Generated tags take ids from here. */
export const SCALE_TAG_BASE = 100_000;
/** The console's movie ids start here (migration 008): the generated ones must stay below. */
const MOVIE_SEQUENCE_START = 1_000_000;

/** The demo rows the generated ones copy their shape from (a body, a poster, a category, tags). */
export const TEMPLATES = {
  movie: { first: 1, count: COUNTS.movies },
  topic: { first: IDS.firstTopic, count: COUNTS.topics },
  chigua: { first: IDS.firstChigua, count: COUNTS.chigua },
  article: { first: IDS.firstArticle, count: COUNTS.articles },
} as const;

export interface ScaleSizes {
  factor: number;
  users: number;
  movies: number;
  posts: number;
  tags: number;
}

export function scaleSizes(factor: number, tagPool: number): ScaleSizes {
  if (!Number.isInteger(factor) || factor < 1) throw new Error(`factor must be a whole number ≥ 1, not ${factor}`);
  const sizes = {
    factor,
    users: PER_UNIT.users * factor,
    movies: PER_UNIT.movies * factor,
    posts: PER_UNIT.posts * factor,
    tags: Math.min(PER_UNIT.tags * factor, tagPool),
  };
  if (SCALE_ID_BASE + sizes.movies >= MOVIE_SEQUENCE_START) throw new Error(`factor ${factor} is too large`);
  return sizes;
}

/** SQL for a uniform float in [0, 1) hashed from the integer expression `x` and a salt. */
export const u = (x: string, salt: number): string =>
  `((hashint8extended((${x})::bigint, ${salt}) & 2147483647)::float8 / 2147483648.0)`;

/** SQL for a long-tailed count min(cap, floor(a·(u^-s − 1))) of the row numbered by `x`. */
export const tailCount = (x: string, salt: number, shape: { a: number; s: number; cap: number }): string =>
  `LEAST(${shape.cap}, floor(${shape.a} * (power(GREATEST(${u(x, salt)}, 1e-9), -${shape.s}) - 1)))::int`;

/** Splits 1..total into ranges of at most `size` (the bulk inserts go a range per statement). */
export function ranges(total: number, size: number): [number, number][] {
  const out: [number, number][] = [];
  for (let from = 1; from <= total; from += size) out.push([from, Math.min(total, from + size - 1)]);
  return out;
}
