/**
 * The content calls' contract: home, app-wide lists, movies and playback, posts (forum
 * topics, chigua, archive articles), replies, forum groups, categories, tags, users, featured
 * collections (search: contract/calls/search.ts). Zod schemas for the server; the client imports the types only.
 *
 * Media fields (poster, cover, image, images[]) are media keys relative to a CDN line, e.g.
 * "posters/m12-s.webp": the client joins them to the active line (src/stores/media-url.ts).
 */
import { z } from 'zod';
import { MOVIE_SORTS, POST_SORTS, type PostKind } from '../enums.ts';
import type { TopicVideo } from './publish.ts';

/** A positive integer id (PostgreSQL integer range). */
export const id = z
  .number({ message: '必须是数字' })
  .int('必须是整数')
  .positive('必须是正整数')
  .max(2_147_483_647, '超出范围');
const keyword = z.string().trim().min(1, '不能为空').max(40, '不能超过 40 个字符');

/** Every list call takes {page, pageSize} and answers Page<T>. */
export const pageSchema = z.object({
  page: z.number().int().min(1).max(10_000).default(1),
  pageSize: z.number().int().min(1).max(50).default(20),
});

/** The deepest page a public list serves by number; deeper, a list follows `cursor` (docs/api.md). */
export const LIST_MAX_PAGE = 50;
/** A total that would need a count past this is answered as the cap with `capped` (shown as 1万+). */
export const LIST_TOTAL_CAP = 10_000;

/** A public infinite list's payload: {page, pageSize} and the `cursor` of the answer before. */
export const listPageSchema = pageSchema.extend({ cursor: z.string().min(1).max(100, 'cursor 无效').optional() });

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
  /** Public infinite lists: where the next page starts, to send back as `cursor`; absent at the end. */
  cursor?: string;
  /** True when `total` is the cap, not the count (shown as 1万+). */
  capped?: boolean;
}

export interface UserBrief {
  id: number;
  nickname: string;
  avatar: string;
}

export type MovieAccess = 'free' | 'vip' | 'coins';

export interface MovieCard {
  id: number;
  title: string;
  /** Poster media keys: small (~360 px wide) and large (~720 px wide), 2:3 portrait. */
  poster: { small: string; large: string };
  durationS: number;
  views: number;
  likes: number;
  access: MovieAccess;
  priceCoins: number;
  year: number;
  region: string;
  /**
   * The episodes a visitor can play (1 for a film): a series' card says 全N集, or 更新至第N集 while
   * it is not finished, instead of a duration.
   */
  episodeCount: number;
  /** 已完结 (true, and every film) or still being released (连载中, false). */
  finished: boolean;
  /**
   * 备注 the operator wrote (更新至第12集, HD, 完结): the poster's corner instead of the count or the
   * length. Absent when none.
   */
  remarks?: string;
}

export interface TagBrief {
  id: number;
  key: string;
  name: string;
}

export interface Tag extends TagBrief {
  hot: boolean;
  count: number;
}

/** One tag's page (/long/tag/detail): what carries it, per kind (movies, then posts by kind). */
export interface TagDetail extends Tag {
  counts: Record<'movie' | PostKind, number>;
}

export interface CategoryBrief {
  categoryId: number;
  name: string;
}

/** One episode of a title: a film has one (number 1), a series many. */
export interface EpisodeBrief {
  id: number;
  /** 1, 2, … in the order they are watched. */
  number: number;
  /** Its own title (e.g. 第1集); may be empty: the number stands for it. */
  title: string;
  durationS: number;
}

export interface MovieDetail extends MovieCard {
  description: string;
  category: CategoryBrief;
  /** Root to leaf, the movie's own category last. */
  categoryPath: CategoryBrief[];
  tags: TagBrief[];
  publishedAt: number;
  related: MovieCard[];
  /** Per viewer (false without a session). */
  favorited: boolean;
  liked: boolean;
  /** The viewer may play it in full: free, VIP viewer on a VIP movie, or purchased. */
  canPlay: boolean;
  /** Seconds a viewer who cannot play in full may watch (0: none): the trial served, whole segments. */
  trialSeconds: number;
  /** Comments that count (not deleted) and the viewers' rating (contract/calls/community.ts). */
  commentCount: number;
  score: MovieScore;
  /** 别名 (又名, original or translated titles) and 语言 the operator set; absent when none. */
  alias?: string;
  language?: string;
  /** 评分 the site gives, 0.0-10.0 (beside the viewers' `score`); absent when not rated. */
  editorScore?: number;
  /** The episodes a visitor can play, by number (one for a film). */
  episodes: EpisodeBrief[];
}

/** One place an episode plays from (PlayInfo.sources). */
export interface PlaySourceChoice {
  /** What the player's 播放源 menu calls it: 本站 for the title's own video, else the source's name. */
  name: string;
  /** A media key relative to a CDN line (本站), or an absolute URL (a 播放源). */
  playlist: string;
  /**
   * The files the player asks for first, relative to the playlist's folder (本站: the starting
   * rung's playlist and its first segment): fetched at once beside the playlist, so that a slow line
   * waits one round trip for the first picture instead of three. Absent when not known.
   */
  start?: string[];
}

export interface PlayInfo {
  movieId: number;
  /** The episode this playlist plays. */
  episode: EpisodeBrief;
  /** How many episodes the title has (1 for a film). */
  episodeCount: number;
  /** The first source's playlist (sources[0].playlist). */
  playlist: string;
  /**
   * Where this episode plays, in the order the player tries them: the title's own video first when
   * the episode has one ('本站': a media key signed for this viewer, relative to a CDN line, cut to
   * the trial when `trial`), then each 播放源 with this episode (an absolute https URL, never a
   * trial: a viewer who may not play in full gets the own source alone). Never empty.
   */
  sources: PlaySourceChoice[];
  /** The playlist is cut to the trial. */
  trial: boolean;
  /** Seconds the trial playlist lasts (whole segments, at most the episode); 0 when not a trial. */
  trialSeconds: number;
  /** The episode's length; 0 when not known (an episode playing from 播放源 only, until the video says). */
  durationS: number;
  /**
   * The operator's marks, the same for every episode: the intro ends, the outro starts (null or
   * absent: none; an offline copy has none).
   */
  introEndS?: number | null;
  outroStartS?: number | null;
  /** Where this viewer is in the title (any episode), from the server's watch history; null: never watched. */
  progress?: WatchPosition | null;
}

/** Where a user is in one title (contract/calls/watch-history.ts). */
export interface WatchPosition {
  movieId: number;
  /** The episode watched last (1 for a film). */
  episode: number;
  /** Seconds reached in that episode. */
  positionS: number;
  /** Seconds of that episode (0 when not known). */
  durationS: number;
  /** When it was saved (ms since epoch). */
  at: number;
}

export interface PostCard {
  id: number;
  kind: PostKind;
  title: string;
  summary: string;
  cover: string | null;
  /** Up to three image keys for list thumbnails. */
  images: string[];
  author: UserBrief | null;
  views: number;
  likes: number;
  replyCount: number;
  priceCoins: number;
  pinned: boolean;
  createdAt: number;
  /** The forum group (topics) or category it belongs to. */
  category: CategoryBrief & { topicId: number | null };
  /** Set for its author only, on a post hidden from everyone else (held for review or hidden after reports). */
  hidden?: true;
}

export interface PostDetail extends PostCard {
  /** Plain text with blank-line paragraphs; rendered as text, never as HTML. */
  body: string;
  allImages: string[];
  tags: TagBrief[];
  liked: boolean;
  favorited: boolean;
  /** False when the post is priced and not purchased: body holds only the summary then. */
  unlocked: boolean;
  /** A member's topic with a video: its HLS job state and, once ready, its playlist. */
  video?: TopicVideo | null;
}

/** The earlier reply a reply quotes, as shown inline above its text. */
export interface ReplyQuote {
  id: number;
  floor: number;
  author: UserBrief | null;
  /** The quoted text, cut to 140 code points; empty when that reply was deleted or is hidden. */
  body: string;
  deleted: boolean;
}

/** A floor of a post's replies or of a movie's comments (contract/calls/community.ts). */
export interface Reply {
  id: number;
  /** 1 = the first reply; kept when replies are deleted. */
  floor: number;
  author: UserBrief | null;
  /** Empty for a deleted reply (shown as 该回复已删除). */
  body: string;
  likes: number;
  createdAt: number;
  images: string[];
  quote: ReplyQuote | null;
  mentions: UserBrief[];
  /** 1-5 stars of a movie comment; null otherwise. */
  rating: number | null;
  /** The author wrote the post (楼主). */
  byPostAuthor: boolean;
  /** The viewer liked it (false without a session). */
  liked: boolean;
  /** The viewer wrote it (may delete it). */
  mine: boolean;
  deleted: boolean;
  /** Hidden pending review (reports): only its author still sees it, with this flag. */
  hidden: boolean;
}

/** The viewers' rating of a movie, from its comments' stars. */
export interface MovieScore {
  /** Average of the ratings, 0-5 with one decimal; 0 when nobody rated. */
  average: number;
  count: number;
}

export interface Banner {
  id: number;
  title: string;
  image: string;
  /** An in-app path ("/movie/12") or an absolute URL. */
  link: string;
}

/** docs/spec.md section 3: category list entries carry route, categoryId, childList, topicId. */
export interface CategoryNode extends CategoryBrief {
  route: string | null;
  topicId: number | null;
  icon: string | null;
  description: string;
  childList: CategoryNode[];
}

export interface CdnLine {
  id: number;
  name: string;
  /** Base URL media keys are joined to: relative ("/cdn/1") or absolute. */
  cdnLine: string;
}

export interface DictEntry {
  key: string;
  label: string;
}

/** type → entries, e.g. contentType (the /{type} pages), movieSort, region. */
export type Dictionary = Record<string, DictEntry[]>;

/** App-wide lists held by the client (docs/spec.md section 3), fetched once at start. */
export interface AppInit {
  banners: Banner[];
  categories: CategoryNode[];
  cdnLines: CdnLine[];
  dictionary: Dictionary;
  hotTags: Tag[];
  /** The site's hot search words (热搜), pinned first; empty when its operators set none. */
  hotWords: string[];
}

export interface FeaturedCard {
  id: number;
  title: string;
  description: string;
  cover: string;
  itemCount: number;
}

export interface FeaturedDetail extends FeaturedCard {
  movies: MovieCard[];
  posts: PostCard[];
}

export interface HomeData {
  banners: Banner[];
  hotTags: Tag[];
  shortcuts: CategoryNode[];
  featured: FeaturedCard[];
  newestMovies: MovieCard[];
  hotMovies: MovieCard[];
  newestTopics: PostCard[];
}

export interface ForumGroup {
  topicId: number;
  categoryId: number;
  name: string;
  description: string;
  icon: string | null;
  topicCount: number;
  /** Topics created in the last 24 hours. */
  todayCount: number;
}

export interface CategoryDetail {
  node: CategoryNode;
  /** Root to this node. */
  path: CategoryBrief[];
  /** What its lists hold: movies for the /movie tree, posts of a kind for the others. */
  contentType: 'movie' | PostKind;
}

export interface UserCard extends UserBrief {
  bio: string;
  postCount: number;
  likesReceived: number;
}

export interface UserProfile extends UserCard {
  createdAt: number;
}

export interface TypePageInfo {
  type: string;
  label: string;
}

export const movieSortSchema = z.enum(MOVIE_SORTS);
export const postSortSchema = z.enum(POST_SORTS);

export const moviePageSchema = listPageSchema.extend({
  categoryId: id.optional(),
  tag: keyword.optional(),
  sort: movieSortSchema.default('new'),
  access: z.enum(['free', 'vip', 'coins']).optional(),
});

export const postPageSchema = listPageSchema.extend({
  topicId: id.optional(),
  categoryId: id.optional(),
  tag: keyword.optional(),
  authorId: id.optional(),
  sort: postSortSchema.default('new'),
});

export const idSchema = z.object({ id });
/** /movie/play: a title and one of its episodes by number (default: the one this viewer watched last, else 1). */
export const playSchema = z.object({
  id,
  episode: z
    .number({ message: '必须是数字' })
    .int('必须是整数')
    .min(1, '必须是正整数')
    .max(100_000, '超出范围')
    .optional(),
});
export const topicIdSchema = z.object({ topicId: id });
export const replyPageSchema = pageSchema.extend({ id });
export const categoryLookupSchema = z
  .object({ categoryId: id.optional(), route: z.string().trim().min(1).max(64).optional() })
  .refine((value) => value.categoryId !== undefined || value.route !== undefined, {
    message: '需要 categoryId 或 route',
    path: ['categoryId'],
  });
export const tagKeySchema = z.object({ key: keyword });
export const typePageSchema = listPageSchema.extend({ type: z.string().trim().min(1).max(32) });
export const typeSchema = z.object({ type: z.string().trim().min(1).max(32) });
export const bannerClickSchema = z.object({ bannerId: id });
/**
 * Makes a call safe to send twice (a retry after a lost answer, an offline like sent when back
 * online): the server acts once per key and answers a repeat with the first answer.
 */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, 'idempotencyKey 必须是 16-64 位字母、数字、- 或 _');
export const likeSchema = z.object({ id, like: z.boolean(), idempotencyKey: idempotencyKeySchema.optional() });
export const favouriteSchema = z.object({ movieId: id, idempotencyKey: idempotencyKeySchema.optional() });
export const emptyPayloadSchema = z.object({}).passthrough();

type In<S extends z.ZodType> = z.input<S>;

/** Path → payload and data of the content calls; merged into Calls in contract/calls/call-map.ts. */
export interface ContentCalls {
  '/system/init': { payload: In<typeof emptyPayloadSchema>; data: AppInit };
  '/home/getIndex': { payload: In<typeof emptyPayloadSchema>; data: HomeData };
  '/system/bannerset/getList': { payload: In<typeof emptyPayloadSchema>; data: Banner[] };
  '/system/bannerset/clickBanner': { payload: In<typeof bannerClickSchema>; data: { clicks: number } };
  '/category/getTree': { payload: In<typeof emptyPayloadSchema>; data: CategoryNode[] };
  '/category/detail': { payload: In<typeof categoryLookupSchema>; data: CategoryDetail };
  '/system/cdn/getLines': { payload: In<typeof emptyPayloadSchema>; data: CdnLine[] };
  '/system/dict/getAll': { payload: In<typeof emptyPayloadSchema>; data: Dictionary };
  '/long/tag/getHotTag': { payload: In<typeof emptyPayloadSchema>; data: Tag[] };
  '/long/tag/getAllTag': { payload: In<typeof emptyPayloadSchema>; data: Tag[] };
  '/long/tag/detail': { payload: In<typeof tagKeySchema>; data: TagDetail };
  '/movie/getPage': { payload: In<typeof moviePageSchema>; data: Page<MovieCard> };
  '/movie/detail': { payload: In<typeof idSchema>; data: MovieDetail };
  '/movie/play': { payload: In<typeof playSchema>; data: PlayInfo };
  '/movie/like': { payload: In<typeof likeSchema>; data: { liked: boolean; likes: number } };
  '/long/handle/userFavorRecord': { payload: In<typeof favouriteSchema>; data: { favorited: boolean } };
  '/topic/getPage': { payload: In<typeof postPageSchema>; data: Page<PostCard> };
  '/topic/detail': { payload: In<typeof idSchema>; data: PostDetail };
  '/topic/replyPage': { payload: In<typeof replyPageSchema>; data: Page<Reply> };
  '/topic/like': { payload: In<typeof likeSchema>; data: { liked: boolean; likes: number } };
  '/topic/favor': { payload: In<typeof likeSchema>; data: { favorited: boolean } };
  '/forum/getList': { payload: In<typeof emptyPayloadSchema>; data: ForumGroup[] };
  '/forum/detail': { payload: In<typeof topicIdSchema>; data: ForumGroup };
  '/chigua/getPage': { payload: In<typeof postPageSchema>; data: Page<PostCard> };
  '/chigua/detail': { payload: In<typeof idSchema>; data: PostDetail };
  '/archives/getPage': { payload: In<typeof postPageSchema>; data: Page<PostCard> };
  '/archives/detail': { payload: In<typeof idSchema>; data: PostDetail };
  '/user/getPage': { payload: In<typeof listPageSchema>; data: Page<UserCard> };
  '/user/detail': { payload: In<typeof idSchema>; data: UserProfile };
  '/featured/getList': { payload: In<typeof emptyPayloadSchema>; data: FeaturedCard[] };
  '/featured/detail': { payload: In<typeof idSchema>; data: FeaturedDetail };
  '/content/typeInfo': { payload: In<typeof typeSchema>; data: TypePageInfo };
  '/content/typePage': { payload: In<typeof typePageSchema>; data: Page<MovieCard> };
}
