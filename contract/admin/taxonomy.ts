/**
 * The console's taxonomy calls under /admin-api/taxonomy (docs/admin-api.md): the category tree,
 * tags, featured collections (专题) and each site's hot search words (热搜). Types and limits only;
 * the server validates with zod of its own.
 */
import type { SiteChoice } from './session.ts';

/** The tree has at most this many levels (roots are level 1). */
export const MAX_CATEGORY_DEPTH = 3;

export const TAXONOMY_LIMITS = {
  categoryName: 20,
  categoryDescription: 200,
  tagName: 20,
  featuredTitle: 40,
  featuredDescription: 300,
  featuredItems: 200,
  hotWord: 20,
  /** A blocked word: as long as a search keyword may be. */
  hotWordBlock: 40,
  /** Bytes of an uploaded cover image. */
  coverBytes: 8 * 1024 * 1024,
} as const;

/** What a category's lists hold, from its root's route (movies under /movie, posts of a kind elsewhere). */
export type CategoryContent = 'movie' | 'topic' | 'chigua' | 'article';

export interface AdminCategory {
  id: number;
  parentId: number | null;
  name: string;
  description: string;
  icon: string | null;
  /** Section roots only ('/movie', '/forum', '/chigua', '/archives'): never moved or deleted. */
  route: string | null;
  /** Forum groups (level 2 under '/forum'): the group's topicId in the visitors' app. */
  topicId: number | null;
  depth: number;
  contentType: CategoryContent;
  movieCount: number;
  postCount: number;
  children: AdminCategory[];
}

/** GET /admin-api/taxonomy/categories. */
export interface CategoryTreeAnswer {
  tree: AdminCategory[];
}

/** POST /admin-api/taxonomy/categories. */
export interface NewCategory {
  parentId: number | null;
  name: string;
  description?: string;
  icon?: string | null;
}

/** PATCH /admin-api/taxonomy/categories/:id. */
export interface CategoryChange {
  name?: string;
  description?: string;
  icon?: string | null;
}

/**
 * POST /admin-api/taxonomy/categories/:id/move: under `parentId` (null: a root) at `position` among
 * its new siblings (0 first; default last). The same parent with another position reorders.
 */
export interface CategoryMove {
  parentId: number | null;
  position?: number;
}

export interface AdminTag {
  id: number;
  /** The route key of /tag/{key}: the name. */
  key: string;
  name: string;
  hot: boolean;
  /** Position in the hot list (1 first), null when not hot. */
  hotRank: number | null;
  movieCount: number;
  postCount: number;
}

/** GET /admin-api/taxonomy/tags?q=&hot=&page= (50 a page, most used first). */
export interface TagPage {
  list: AdminTag[];
  total: number;
  page: number;
  pageSize: number;
}

/** POST /admin-api/taxonomy/tags and PATCH /admin-api/taxonomy/tags/:id. */
export interface TagChange {
  name?: string;
  hot?: boolean;
}

/** POST /admin-api/taxonomy/tags/:id/merge: moves its links into `intoId`, then deletes it. */
export interface TagMerge {
  intoId: number;
}

export type FeaturedItemType = 'movie' | 'post';

export interface FeaturedItemRef {
  type: FeaturedItemType;
  id: number;
}

/** A movie or post as the console lists it (collection items, search results). */
export interface ContentPick extends FeaturedItemRef {
  title: string;
  /** e.g. the movie's year and access, the post's kind. */
  detail: string;
  /** Not visible to visitors (a draft or unpublished movie). */
  hidden: boolean;
}

export interface AdminFeatured {
  id: number;
  title: string;
  description: string;
  /** A media key (e.g. featured/f01.webp). */
  cover: string;
  /** Where the console shows the cover from. */
  coverUrl: string;
  itemCount: number;
}

export interface AdminFeaturedDetail extends AdminFeatured {
  items: ContentPick[];
}

/** POST /admin-api/taxonomy/featured and PATCH /admin-api/taxonomy/featured/:id. */
export interface FeaturedChange {
  title?: string;
  description?: string;
  cover?: string;
}

/** PUT /admin-api/taxonomy/featured/:id/items: the whole list, in order. */
export interface FeaturedItemsChange {
  items: FeaturedItemRef[];
}

/** POST /admin-api/taxonomy/featured-covers {image: a data: URL of a JPEG, PNG or WebP}. */
export interface CoverUpload {
  image: string;
}

export interface MediaChoice {
  key: string;
  url: string;
}

export interface HotWord {
  id: number;
  siteId: number;
  word: string;
  pinned: boolean;
}

/** GET /admin-api/taxonomy/hot-words?siteId=: the site's words as visitors see them (pinned first). */
export interface HotWordList {
  siteId: number;
  /** The sites this operator may choose. */
  sites: SiteChoice[];
  list: HotWord[];
}

/** POST /admin-api/taxonomy/hot-words {siteId, word, pinned?}; PATCH …/:id {word?, pinned?}. */
export interface HotWordChange {
  siteId?: number;
  word?: string;
  pinned?: boolean;
}

/** A word kept out of a site's hot searches and the suggestions made from them (any keyword holding it). */
export interface HotWordBlock {
  id: number;
  siteId: number;
  word: string;
  /** ms since epoch. */
  createdAt: number;
}

/** A keyword the site's visitors made hot, as they see it now, with its crowd of the last 24 hours. */
export interface CountedSearch {
  keyword: string;
  devices: number;
  addresses: number;
}

/** GET /admin-api/taxonomy/hot-word-blocks?siteId=: the blocked words, newest first, and what is hot now. */
export interface HotWordBlockList {
  siteId: number;
  /** The sites this operator may choose. */
  sites: SiteChoice[];
  list: HotWordBlock[];
  /** The crowd's part of the hot list (after the operators' words), largest crowd first. */
  counted: CountedSearch[];
  /** What a keyword needs to be hot: distinct devices and addresses in 24 hours (the server's settings). */
  floor: { devices: number; addresses: number };
}

/** POST /admin-api/taxonomy/hot-word-blocks. */
export interface NewHotWordBlock {
  siteId: number;
  word: string;
}

/** POST …/featured/:id/move and …/hot-words/:id/move: the new position among its own (0 first). */
export interface PositionChange {
  position: number;
}

/** Where the console shows a media key from: the server serves its media under any line name. */
export const consoleMediaUrl = (key: string): string => `/cdn/console/${key}`;
