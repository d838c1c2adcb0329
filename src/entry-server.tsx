/**
 * The app's server entry (Vite's SSR build, `vite build --ssr src/entry-server.tsx`, into the
 * build's .ssr/ folder, which the server loads: server/first-paint/first-screen.ts). It renders the
 * first paint of a first visit (docs/performance.md, LCP): the first screen's markup, rendered on
 * the server by the app's own layout and content components from the data of the screen's first
 * call, so the browser paints the screen, its LCP element included, from the HTML and its
 * stylesheets before any script has run. The page shows it over the app, which renders beneath and
 * removes it once its own screen has the content (src/components/page/first-paint.ts). Markup only: no state,
 * no effects, no test ids (the app's elements are the ones to find), hidden from assistive
 * technology and inert, since the app's copy is the one to use.
 *
 * What the components would read from the stores (the site, the app-wide lists, the CDN lines) is
 * passed in through RenderValuesContext: one server renders for many sites, and the stores are a
 * browser tab's singletons, never written here.
 *
 * The CSP refuses inline style attributes ('unsafe-inline' is not allowed), so the style
 * attributes React writes (aspect ratios, sizes) become rules of one <style> block beside the
 * markup, which the page's policy allows by its hash (server/first-paint/first-screen.ts).
 */
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { FIRST_PAINT_ID, HERO_TIMING, type FirstPaintRenderer, type PaintContext } from '../contract/first-paint.ts';
import { layoutByName } from './app/layouts/layout-by-name.ts';
import { PageContext, type PageInfo } from './components/page/page-context.tsx';
import type { ScreenParams } from './components/page/screen.ts';
import type { RouteName } from '../contract/route-patterns.ts';
import { routeTable } from './app/route-table.ts';
import { PriorityImagesOnly } from './components/media-image.tsx';
import { PostArticle } from './features/posts/post-detail-view.tsx';
import { ForumView } from './features/forum/forum-view.tsx';
import { HomeContent } from './features/home/home-content.tsx';
import { MovieDetailView } from './features/movies/movie-detail-view.tsx';
import { PlayFirstScreen, playHeading } from './features/player/play-layout.tsx';
import { SearchResultsView } from './features/search/search-results.tsx';
import { SearchView } from './features/search/search-view.tsx';
import { RenderValuesContext } from './stores/render-values.ts';

const noop = () => {};
const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/**
 * The paint's options: `priorityImagesOnly` leaves the lazy images to the app (see MediaImage);
 * `params` are the route's parameters, as the page frame gives them to the layout.
 */
interface PaintOptions {
  priorityImagesOnly?: boolean;
  params?: ScreenParams;
}

function paint(
  { pathname, site, appInit }: PaintContext,
  name: RouteName,
  title: string | null,
  content: ReactNode,
  options: PaintOptions = {},
): string {
  const entry = routeTable.find((route) => route.name === name)!;
  const Layout = layoutByName[entry.layout];
  const shownTitle = title ?? entry.title;
  const params = options.params ?? {};
  const page: PageInfo = { pathname, entry, params, title: shownTitle, setTitle: noop, setHeadItem: noop };
  const markup = renderToString(
    <Router ssrPath={pathname}>
      <RenderValuesContext value={{ site, appInit }}>
        <PageContext value={page}>
          <PriorityImagesOnly value={options.priorityImagesOnly ?? false}>
            <Layout title={shownTitle} pathname={pathname} params={params}>
              {content}
            </Layout>
          </PriorityImagesOnly>
        </PageContext>
      </RenderValuesContext>
    </Router>,
  );
  const { html, css } = hoistStyles(markHero(markup.replace(/ data-testid="[^"]*"/g, '')));
  // The site's brand colour, as src/theme/site-branding.ts sets it once the app runs.
  const brand = HEX_COLOR.test(site.primaryColor) ? `#${FIRST_PAINT_ID}{--color-primary:${site.primaryColor}}` : '';
  return `<div id="${FIRST_PAINT_ID}" aria-hidden="true" inert><style>${brand}${css}</style>${html}</div>`;
}

/** Marks the first priority image (the LCP candidate) for element timing (first-screen.ts of the server waits for its paint). */
export const markHero = (markup: string): string =>
  markup.replace(/<img (?=[^>]*fetchpriority="high")/i, () => `<img elementtiming="${HERO_TIMING}" `);

const unescapeAttribute = (value: string): string =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/**
 * Moves every `style="…"` attribute into a rule `[data-fp-style="n"]{…}` (one per distinct style),
 * each declaration `!important` so it still wins over the stylesheets as the attribute did. `<` is
 * escaped so no value can close the block.
 */
export function hoistStyles(markup: string): { html: string; css: string } {
  const ids = new Map<string, number>();
  const html = markup.replace(/ style="([^"]*)"/g, (_, value: string) => {
    const style = unescapeAttribute(value);
    if (!ids.has(style)) ids.set(style, ids.size);
    return ` data-fp-style="${ids.get(style)}"`;
  });
  const rules = [...ids].map(([style, id]) => {
    const declarations = style
      .split(';')
      .map((declaration) => declaration.trim())
      .filter(Boolean)
      .map((declaration) => `${declaration} !important`);
    return `[data-fp-style="${id}"]{${declarations.join(';')}}`;
  });
  return { html, css: rules.join('').replace(/</g, '\\3c ') };
}

export const paintHome: FirstPaintRenderer['paintHome'] = (context, home) =>
  paint(context, 'home', null, <HomeContent home={home} firstScreenOnly />, { priorityImagesOnly: true });

export const paintMovie: FirstPaintRenderer['paintMovie'] = (context, movie) =>
  paint(context, 'movieDetail', movie.title, <MovieDetailView movie={movie} />, { priorityImagesOnly: true });

export const paintTopic: FirstPaintRenderer['paintTopic'] = (context, post) =>
  paint(context, 'topicDetail', null, <PostArticle post={post} onPurchased={noop} />);

export const paintForum: FirstPaintRenderer['paintForum'] = (context, groups) =>
  paint(context, 'forumList', null, <ForumView groups={groups} />);

export const paintSearch: FirstPaintRenderer['paintSearch'] = (context, keyword, overview) =>
  paint(
    context,
    'search',
    null,
    <SearchView keyword={keyword}>
      <SearchResultsView keyword={keyword} tab="all" onTab={noop} overview={overview} />
    </SearchView>,
    { priorityImagesOnly: true, params: { key: keyword } },
  );

export const paintPlay: FirstPaintRenderer['paintPlay'] = (context, movie, episode) =>
  paint(
    context,
    'moviePlay',
    playHeading(
      movie,
      movie.episodes.find((candidate) => candidate.number === episode),
    ),
    <PlayFirstScreen movie={movie} episode={episode} />,
    { priorityImagesOnly: true, params: { id: String(movie.id) } },
  );
