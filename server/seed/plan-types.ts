/**
 * The demo data as plain rows before they are written: what the plan modules build and
 * write-plan.ts inserts. Ids are fixed here so links stay stable between runs and versions.
 */
import type { Mood } from './words-movies.ts';

/**
 * Every date of the plan lies before this instant (fixed, so the plan is deterministic); the seed
 * writes them moved so that it falls on the time of seeding (write-plan.ts).
 */
export const BASE_DATE = Date.parse('2026-11-01T12:00:00+08:00');
export const DAY_MS = 86_400_000;

export const COUNTS = {
  movies: 320,
  topics: 540,
  chigua: 120,
  articles: 48,
  authors: 60,
  covers: 80,
  videos: 6,
} as const;

/**
 * Fixed id ranges. Seeded posts stay below SEEDED_ID_LIMIT (posts created by members must use ids
 * from there up); seeded replies below SEEDED_REPLY_LIMIT, where the replies sequence then starts.
 */
export const IDS = {
  rootMovie: 1,
  rootForum: 2,
  rootChigua: 3,
  rootArchives: 4,
  /** Level 2: genre g (0-based) is 10 + g; level 3: 1000 + 10 * g + sub. */
  genreBase: 10,
  subgenreBase: 1000,
  /** Forum groups: category 30 + i, topic id 101 + i. */
  forumGroupBase: 30,
  forumTopicIdBase: 101,
  chiguaCategoryBase: 40,
  archiveCategoryBase: 50,
  firstTopic: 1,
  firstChigua: 5001,
  firstArticle: 8001,
} as const;

export const SEEDED_ID_LIMIT = 100_000;
export const SEEDED_REPLY_LIMIT = 10_000_000;

export interface CategoryRow {
  id: number;
  parentId: number | null;
  name: string;
  route: string | null;
  topicId: number | null;
  icon: string | null;
  description: string;
  sort: number;
  depth: 1 | 2 | 3;
}

export interface TagRow {
  id: number;
  name: string;
  hotRank: number | null;
  useCount: number;
}

export interface AuthorRow {
  /** 1-based; posts refer to authors by it (user ids are assigned by the database). */
  n: number;
  deviceId: string;
  nickname: string;
  avatar: string;
  bio: string;
  createdAt: number;
}

/** An episode of a seeded title (ready, with one of the demo videos). */
export interface EpisodeRow {
  number: number;
  title: string;
  video: string;
  durationS: number;
}

export interface MovieRow {
  id: number;
  title: string;
  description: string;
  poster: string;
  /** One for a film; several for the few series (plan-movies.ts). */
  episodes: EpisodeRow[];
  /** The length its cards show: the film's, or one episode's of a series. */
  durationS: number;
  views: number;
  likes: number;
  categoryId: number;
  genre: string;
  mood: Mood;
  access: 'free' | 'vip' | 'coins';
  priceCoins: number;
  trialS: number;
  /** Operator's marks of every episode (series only; null: none): the intro ends, the outro starts. */
  introEndS: number | null;
  outroStartS: number | null;
  /** 已完结; false for the one series still being released (更新至第N集, plan-movies.ts). */
  finished: boolean;
  region: string;
  year: number;
  publishedAt: number;
  tagIds: number[];
}

export interface ReplyRow {
  id: number;
  authorN: number;
  body: string;
  likes: number;
  createdAt: number;
}

/** A comment under a movie (the replies table, target_type 'movie'), with its stars if rated. */
export interface CommentRow extends ReplyRow {
  movieId: number;
  rating: number | null;
}

export interface PostRow {
  id: number;
  kind: 'topic' | 'chigua' | 'article';
  categoryId: number;
  authorN: number;
  title: string;
  summary: string;
  body: string;
  cover: string | null;
  images: string[];
  views: number;
  likes: number;
  priceCoins: number;
  pinned: boolean;
  createdAt: number;
  tagIds: number[];
  replies: ReplyRow[];
}

export interface FeaturedRow {
  id: number;
  title: string;
  description: string;
  cover: string;
  mood: Mood;
  sort: number;
  items: { type: 'movie' | 'post'; id: number }[];
}

export interface BannerRow {
  id: number;
  title: string;
  image: string;
  link: string;
  sort: number;
}

export interface DictRow {
  type: string;
  key: string;
  label: string;
  sort: number;
}

export interface DemoPlan {
  categories: CategoryRow[];
  tags: TagRow[];
  authors: AuthorRow[];
  movies: MovieRow[];
  posts: PostRow[];
  comments: CommentRow[];
  featured: FeaturedRow[];
  banners: BannerRow[];
  cdnLines: { id: number; name: string; url: string; sort: number }[];
  dictionary: DictRow[];
}
