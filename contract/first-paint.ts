/**
 * What the server's head start of a first visit and the app agree on (docs/performance.md):
 *   - the first paint: the first screen's markup, rendered by the app's components on the server
 *     (src/entry-server.tsx) inside `<div id="first-paint">`, its LCP image marked for element
 *     timing as HERO_TIMING; the app removes it once its own screen shows
 *     (src/components/page/first-paint.ts);
 *   - the answers of the screen's first public reads, put in the HTML by the server
 *     (server/first-paint/first-screen.ts) and taken by the API client (src/api/first-answer.ts):
 *     a JSON data block `<script type="application/json" id="first-answer">[{"key": …, "body": …}]`
 *     where `key` is the client's cache key of a call (answerKey: path and payload) and `body` the
 *     encrypted envelope exactly as POST /api<path> answers it; on a page with a first paint also
 *     the site info, keyed SITE_INFO_KEY, its body the plain JSON of GET /api/fetch-data (the page
 *     then has no preload of it, nor of any script: nothing competes with the first paint).
 */
import type { SiteInfo } from './calls/account.ts';
import { SITE_INFO_PATH } from './calls/paths.ts';
import type { AppInit, ForumGroup, HomeData, MovieDetail, PostDetail } from './calls/content.ts';
import type { SearchOverview } from './calls/search.ts';

export const FIRST_PAINT_ID = 'first-paint';
/** The element-timing name of the first paint's LCP candidate, whose paint the page's entry waits for. */
export const HERO_TIMING = 'first-paint-hero';

export const FIRST_ANSWER_ID = 'first-answer';

export interface FirstAnswer {
  key: string;
  body: string;
}

/** A call's key in the client's answer cache and in the carried answers: its path and payload. */
export const answerKey = (path: string, payload: unknown): string => `${path} ${JSON.stringify(payload ?? {})}`;

/** The carried site info's key (its body is GET /api/fetch-data's plain JSON, not an envelope). */
export const SITE_INFO_KEY = `GET ${SITE_INFO_PATH}`;

/** What a first paint is rendered for: the page's path, its site and the site's app-wide lists. */
export interface PaintContext {
  pathname: string;
  site: SiteInfo;
  appInit: AppInit;
}

/**
 * The app's server entry (src/entry-server.tsx, built into the build's .ssr/entry-server.js): each
 * function returns the `<div id="first-paint">` of its screen, drawn from the screen's data.
 */
export interface FirstPaintRenderer {
  paintHome(context: PaintContext, home: HomeData): string;
  paintMovie(context: PaintContext, movie: MovieDetail): string;
  paintTopic(context: PaintContext, post: PostDetail): string;
  paintForum(context: PaintContext, groups: ForumGroup[]): string;
  /** The 综合 tab of /search/{keyword}, the keyword decoded from the path. */
  paintSearch(context: PaintContext, keyword: string, overview: SearchOverview): string;
  /** The play page of `movie` (as a visitor without a session sees it) at its episode `episode`. */
  paintPlay(context: PaintContext, movie: MovieDetail, episode: number): string;
}

/** Where a build keeps its server entry, relative to the build's folder (never served: a dot folder). */
export const FIRST_PAINT_ENTRY = '.ssr/entry-server.js';
