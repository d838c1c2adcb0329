/**
 * The console's titles and episodes (docs/admin-api.md, "Content"): the list, the editor's shape,
 * the changes it sends and the limits both sides check. Types and fixed lists only; the server
 * validates with zod of its own.
 */
import type { MovieAccess, TagBrief } from '../calls/content.ts';

/** What movies.status holds. A 'published' title with a future publishedAt is scheduled. */
export const MOVIE_STATUSES = ['draft', 'published', 'unpublished'] as const;
export type MovieStatus = (typeof MOVIE_STATUSES)[number];

/** The status as an operator reads it (and filters the list by). */
export const SHOWN_STATUSES = ['draft', 'published', 'scheduled', 'unpublished'] as const;
export type ShownStatus = (typeof SHOWN_STATUSES)[number];

export const MOVIE_ACCESS: readonly MovieAccess[] = ['free', 'vip', 'coins'];

export const EPISODE_STATES = ['waiting', 'processing', 'ready', 'failed'] as const;
export type EpisodeState = (typeof EPISODE_STATES)[number];

/** Limits of the editor's fields (the server answers 400 naming the field past them). */
export const MOVIE_LIMITS = {
  title: 100,
  description: 5000,
  region: 32,
  personName: 40,
  castNames: 50,
  directors: 20,
  tagIds: 30,
  priceCoinsMax: 100_000,
  trialSMax: 3600,
  durationSMax: 24 * 3600,
  introEndSMax: 1800,
  outroStartSMax: 6 * 3600,
  yearMin: 1900,
  episodeTitle: 100,
  episodeNumberMax: 9999,
  /** 备注 (MacCMS vod_remarks), e.g. 更新至第12集 / HD / 完结. */
  remarks: 20,
  /** 别名 (vod_sub). */
  alias: 100,
  /** 语言 (vod_lang), e.g. 国语 / 粤语 / 英语. */
  language: 20,
  /** 评分 (vod_score): 0.0-10.0 in steps of 0.1. */
  scoreMax: 10,
  /** 总集数 (vod_total): the episodes a series is planned to have. */
  totalEpisodesMax: 9999,
  /** Titles one bulk status change may name. */
  bulk: 100,
} as const;

/** Posters: the upload's limit and the smallest crop (source pixels, the width of a 2:3 frame). */
export const POSTER_MAX_BYTES = 10 * 1024 ** 2;
export const POSTER_MIN_CROP_WIDTH = 120;

export const MOVIE_PAGE_SIZE = 30;

/**
 * The columns the list sorts by (`sort=column:dir`, ties broken by id in the same direction);
 * without a sort it is newest first by id.
 */
export const MOVIE_SORT_COLUMNS = ['title', 'views', 'updated'] as const;
export type MovieSortColumn = (typeof MOVIE_SORT_COLUMNS)[number];
export type MovieSort = `${MovieSortColumn}:${'asc' | 'desc'}`;
export const MOVIE_SORTS = MOVIE_SORT_COLUMNS.flatMap((column) => [`${column}:asc`, `${column}:desc`] as const);

export interface PosterFiles {
  /** Media keys relative to a CDN line: 360x540 and 720x1080 WebP. */
  small: string;
  large: string;
}

/** One row of GET /admin-api/movies. */
export interface AdminMovieRow {
  id: number;
  title: string;
  poster: PosterFiles;
  categoryId: number;
  categoryName: string;
  access: MovieAccess;
  episodeCount: number;
  /** 播放量: the plays the app counted. */
  views: number;
  /** 已完结 (true) or 连载中 (false): MovieCard.finished. */
  finished: boolean;
  status: MovieStatus;
  shownStatus: ShownStatus;
  /** ms since epoch. */
  publishedAt: number;
  updatedAt: number;
}

export interface AdminMoviePage {
  list: AdminMovieRow[];
  total: number;
  page: number;
  pageSize: number;
}

export interface AdminMovieQuery {
  q?: string;
  status?: ShownStatus;
  categoryId?: number;
  access?: MovieAccess;
  sort?: MovieSort;
  page?: number;
}

export interface AdminEpisode {
  id: number;
  number: number;
  title: string;
  state: EpisodeState;
  /** 0-100 while a job runs. */
  progress: number;
  failure: string | null;
  /** Ladder heights, ascending; empty for a single-rung video or none yet. */
  rungs: number[];
  durationS: number;
  hasVideo: boolean;
  jobId: string | null;
}

/** GET /admin-api/movies/:id: every field of a title. */
export interface AdminMovie {
  id: number;
  title: string;
  description: string;
  categoryId: number;
  /** Root first, the title's category last. */
  categoryPath: Array<{ id: number; name: string }>;
  tags: TagBrief[];
  region: string;
  year: number;
  castNames: string[];
  directors: string[];
  access: MovieAccess;
  priceCoins: number;
  trialS: number;
  /**
   * 时长 as the title's cards show it (a series: one episode's), seconds: a film's follows its video
   * once transcoded, a series takes its first transcoded episode's; the operator may set it.
   */
  durationS: number;
  introEndS: number | null;
  outroStartS: number | null;
  /** 连载状态: 已完结 (true) or 连载中 (false) (MacCMS vod_isend). */
  finished: boolean;
  /** 备注, the poster's corner on visitors' cards when set (vod_remarks); '' for none. */
  remarks: string;
  /** 别名 (vod_sub); '' for none. */
  alias: string;
  /** 语言 (vod_lang); '' for none. */
  language: string;
  /** 评分 0.0-10.0 with one decimal (vod_score; stored as tenths); null: not rated. */
  score: number | null;
  /** 总集数 planned (vod_total); null: not known. vod_serial is the episodes ready so far. */
  totalEpisodes: number | null;
  status: MovieStatus;
  shownStatus: ShownStatus;
  publishedAt: number;
  updatedAt: number;
  /** movies.poster: the key prefix of the two files. */
  posterKey: string;
  poster: PosterFiles;
  views: number;
  episodes: AdminEpisode[];
}

/** POST /admin-api/movies: a draft. */
export interface MovieCreate {
  title: string;
  categoryId: number;
}

/** PATCH /admin-api/movies/:id: any subset. */
export interface MoviePatch {
  title?: string;
  description?: string;
  categoryId?: number;
  tagIds?: number[];
  region?: string;
  year?: number;
  castNames?: string[];
  directors?: string[];
  access?: MovieAccess;
  priceCoins?: number;
  trialS?: number;
  durationS?: number;
  introEndS?: number | null;
  outroStartS?: number | null;
  finished?: boolean;
  remarks?: string;
  alias?: string;
  language?: string;
  score?: number | null;
  totalEpisodes?: number | null;
  status?: MovieStatus;
  /** ms since epoch; a future time with status 'published' schedules the title. */
  publishedAt?: number;
}

/**
 * One title's publication in POST /admin-api/movies/status (the list's bulk 下架, and its undo, which
 * sends back what the first call answered): its status, and for 'published' the time it was or will be.
 */
export interface MovieStatusChange {
  id: number;
  status: MovieStatus;
  publishedAt?: number;
}

/** What POST /admin-api/movies/status answers: each title's publication before the change. */
export interface MovieStatusResult {
  before: MovieStatusChange[];
}

/** PATCH /admin-api/episodes/:id. */
export interface EpisodePatch {
  number?: number;
  title?: string;
}

/** A rectangle of the source image, in its pixels (after EXIF orientation). */
export interface CropRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** POST /admin-api/movies/:id/poster: the image as base64 (no data: prefix) and the crop. */
export interface PosterUpload {
  image: string;
  crop: CropRect;
}

export interface CategoryOption {
  id: number;
  name: string;
  /** e.g. "电影 / 动作片". */
  path: string;
  depth: number;
}

/** GET /admin-api/movies/options: what the editor's selects offer. */
export interface MovieOptions {
  categories: CategoryOption[];
  tags: TagBrief[];
}
