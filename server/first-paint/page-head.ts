/**
 * The head of a first visit's page (docs/architecture.md, "The head"): what search engines and share
 * previews read before any script runs. Per screen of server/first-paint/first-screen.ts: the title
 * (contract/page-head.ts, the same string the app sets after a navigation), a description from the
 * content, the canonical URL on the requesting site's own origin, Open Graph and Twitter card tags,
 * robots noindex for a missing (or hidden, held, deleted, unpublished: the visitor's read does not
 * find it) item, and JSON-LD typed with schema-dts. Everything is drawn from what the first paint
 * shows a visitor without a session (a priced post's body is its free part only, a movie's video is
 * its trial), so nothing paid reaches the head. Every text is escaped here: titles and bodies are
 * members' writing.
 */
import type {
  Article,
  BreadcrumbList,
  CollectionPage,
  DiscussionForumPosting,
  Movie,
  Person,
  ProfilePage,
  SearchAction,
  Thing,
  TVSeries,
  VideoObject,
  WebSite,
  WithContext,
} from 'schema-dts';
import type { AppInit, CategoryBrief, MovieDetail, PostDetail, UserProfile } from '../../contract/calls/content.ts';
import { joinMediaUrl } from '../../contract/media-url.ts';
import { pageTitle, TITLE_SECTIONS } from '../../contract/page-head.ts';
import type { Site } from '../db/sites.ts';

/** What the head of one page says. */
export interface PageHead {
  title: string;
  description: string;
  /** The page's path, without its query (the canonical URL is the site's origin and this). */
  path: string;
  ogType: 'website' | 'article' | 'video.movie' | 'profile';
  /** Media key or URL of the preview image; null: none. */
  image?: string | null;
  noindex?: boolean;
  jsonLd?: WithContext<Thing>[];
}

/** Where the head's absolute URLs point: the site's origin and the CDN line its images are on. */
export interface HeadContext {
  site: Site;
  origin: string;
  lists: AppInit | null;
}

const DESCRIPTION_LENGTH = 120;
const LD_TEXT_LENGTH = 5_000;

/** Text for HTML text and double-quoted attributes. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** JSON that no text inside can end its script element with (nor break as JavaScript source). */
export const scriptJson = (value: unknown): string =>
  JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/** Plain text of a body: whitespace folded, cut to `max` characters (code points) with an ellipsis. */
export function excerpt(text: string, max = DESCRIPTION_LENGTH): string {
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}

/** Seconds as an ISO 8601 duration (PT1H2M3S). */
export function isoDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const [h, m, rest] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${rest || (!h && !m) ? `${rest}S` : ''}`;
}

const absolute = (context: HeadContext, pathOrUrl: string): string => new URL(pathOrUrl, context.origin).href;

/** A media key's absolute URL on the site's first CDN line; null without key or line. */
function imageUrl(context: HeadContext, key: string | null | undefined): string | null {
  const joined = joinMediaUrl(context.lists?.cdnLines[0]?.cdnLine ?? null, key);
  return joined ? absolute(context, joined) : null;
}

/** The head's tags, each text escaped. */
export function renderHead(head: PageHead, context: HeadContext): string {
  const url = absolute(context, head.path);
  const image = imageUrl(context, head.image);
  const meta = (attribute: 'name' | 'property', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    ...(head.noindex ? [meta('name', 'robots', 'noindex')] : []),
    meta('property', 'og:site_name', context.site.title),
    meta('property', 'og:type', head.ogType),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', url),
    ...(image ? [meta('property', 'og:image', image)] : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    ...(image ? [meta('name', 'twitter:image', image)] : []),
    ...(head.noindex ? [] : (head.jsonLd ?? [])).map(
      (data) => `<script type="application/ld+json">${scriptJson(data)}</script>`,
    ),
  ];
  return tags.join('\n    ');
}

/** The plain page of a route: its section's name (or the site's alone) and the site's own words. */
export function listHead(context: HeadContext, path: string, name: string | null): PageHead {
  const { site } = context;
  const head: PageHead = {
    title: pageTitle(site.title, null, name),
    description: excerpt(site.description || site.title),
    path,
    ogType: 'website',
  };
  if (path !== '/') return head;
  const search: SearchAction & { 'query-input': string } = {
    '@type': 'SearchAction',
    target: { '@type': 'EntryPoint', urlTemplate: `${context.origin}/search/{search_term_string}` },
    'query-input': 'required name=search_term_string',
  };
  const website: WithContext<WebSite> = {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: site.title,
    url: `${context.origin}/`,
    potentialAction: search,
  };
  return { ...head, jsonLd: [website] };
}

/**
 * A page never indexed: a detail the visitor's read did not find (missing, hidden, held, deleted), or
 * a member's own page (我的…, 登录, 发布), titled by its section.
 */
export const unindexedHead = (context: HeadContext, path: string, section: string): PageHead => ({
  ...listHead(context, path, section),
  noindex: true,
});

/** What a page gathering items under a name says of itself: a tag, a forum group, a category, a 专题. */
export interface Collection {
  name: string;
  /** Its own words; none: the site's. */
  description?: string;
  path: string;
  /** The title's section (contract/page-head.ts TITLE_SECTIONS). */
  section: string;
  image?: string | null;
  /** Where it sits, root first, ending above it (a category's parents), for the breadcrumbs. */
  trail?: { name: string; path: string }[];
}

/** A page gathering items under a name: CollectionPage, in its own words, with its breadcrumbs. */
export function collectionHead(context: HeadContext, page: Collection): PageHead {
  const description = excerpt(page.description || `${page.name} - ${context.site.title}`);
  const collection: WithContext<CollectionPage> = {
    '@context': 'https://schema.org',
    '@type': 'CollectionPage',
    name: page.name,
    description,
    url: absolute(context, page.path),
  };
  return {
    title: pageTitle(context.site.title, page.section, page.name),
    description,
    path: page.path,
    ogType: 'website',
    image: page.image ?? null,
    jsonLd: [
      collection,
      ...(page.trail ? [breadcrumbs(context, [...page.trail, { name: page.name, path: page.path }])] : []),
    ],
  };
}

function breadcrumbs(context: HeadContext, trail: { name: string; path: string }[]): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: absolute(context, step.path),
    })),
  };
}

const categoryStep = (category: CategoryBrief) => ({ name: category.name, path: `/category/${category.categoryId}` });

/** A movie's page (or its play page at `path`): Movie, or TVSeries with its episodes; the trial as its video. */
export function movieHead(context: HeadContext, movie: MovieDetail, path = `/movie/${movie.id}`): PageHead {
  const url = absolute(context, `/movie/${movie.id}`);
  const description = excerpt(movie.description || movie.title);
  const poster = imageUrl(context, movie.poster.large);
  const uploaded = new Date(movie.publishedAt).toISOString();
  // A visitor sees the trial only (when it cannot play in full): the video object says no more.
  const seconds = movie.canPlay ? movie.durationS : movie.trialSeconds;
  const video: VideoObject | null =
    seconds > 0 && poster
      ? {
          '@type': 'VideoObject',
          name: movie.title,
          description,
          thumbnailUrl: poster,
          uploadDate: uploaded,
          duration: isoDuration(seconds),
          url: absolute(context, `/movie/play/${movie.id}`),
        }
      : null;
  const common = {
    name: movie.title,
    url,
    description,
    ...(poster ? { image: poster } : {}),
    datePublished: uploaded,
    commentCount: movie.commentCount,
    ...(movie.tags.length > 0 ? { keywords: movie.tags.map((tag) => tag.name).join(',') } : {}),
    ...(movie.score.count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating' as const,
            ratingValue: movie.score.average,
            ratingCount: movie.score.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    ...(video ? { trailer: video } : {}),
  };
  const series = movie.episodeCount > 1 || movie.episodes.length > 1;
  const thing: WithContext<Movie> | WithContext<TVSeries> = series
    ? {
        '@context': 'https://schema.org',
        '@type': 'TVSeries',
        ...common,
        numberOfEpisodes: movie.episodeCount,
        episode: movie.episodes.map((episode) => ({
          '@type': 'TVEpisode' as const,
          episodeNumber: episode.number,
          name: episode.title || `${movie.title} ${episode.number}`,
          url: absolute(context, `/movie/play/${movie.id}?ep=${episode.number}`),
        })),
      }
    : {
        '@context': 'https://schema.org',
        '@type': 'Movie',
        ...common,
        ...(video ? { duration: isoDuration(movie.durationS) } : {}),
      };
  const trail = movie.categoryPath.map(categoryStep);
  return {
    title: pageTitle(context.site.title, TITLE_SECTIONS.movieDetail, movie.title),
    description,
    path,
    ogType: 'video.movie',
    image: movie.poster.large,
    jsonLd: [
      thing,
      ...(trail.length > 0
        ? [breadcrumbs(context, [...trail, { name: movie.title, path: `/movie/${movie.id}` }])]
        : []),
    ],
  };
}

const personOf = (context: HeadContext, author: { id: number; nickname: string }, about?: string): Person => ({
  '@type': 'Person',
  name: author.nickname,
  url: absolute(context, `/user/${author.id}`),
  ...(about ? { description: about } : {}),
});

/** A topic's, a 吃瓜 post's or an article's page: DiscussionForumPosting (an article: Article) of what a visitor reads (the free part of a priced post). */
export function postHead(context: HeadContext, post: PostDetail, path: string, section: string): PageHead {
  const text = post.body || post.summary;
  const description = excerpt(text || post.title);
  const imageKey = post.cover ?? post.allImages[0] ?? post.images[0] ?? null;
  const image = imageUrl(context, imageKey);
  const fields = {
    headline: post.title,
    text: excerpt(text, LD_TEXT_LENGTH),
    url: absolute(context, path),
    datePublished: new Date(post.createdAt).toISOString(),
    commentCount: post.replyCount,
    ...(post.author ? { author: personOf(context, post.author) } : {}),
    ...(image ? { image } : {}),
    ...(post.tags.length > 0 ? { keywords: post.tags.map((tag) => tag.name).join(',') } : {}),
  };
  // An archive's article is an Article; a topic or a 吃瓜 post, a forum's posting.
  const posting: WithContext<Article> | WithContext<DiscussionForumPosting> =
    post.kind === 'article'
      ? { '@context': 'https://schema.org', '@type': 'Article', ...fields }
      : { '@context': 'https://schema.org', '@type': 'DiscussionForumPosting', ...fields };
  const group =
    post.category.topicId === null ? null : { name: post.category.name, path: `/forum/${post.category.topicId}` };
  return {
    title: pageTitle(context.site.title, section, post.title),
    description,
    path,
    ogType: 'article',
    image: imageKey,
    jsonLd: [posting, ...(group ? [breadcrumbs(context, [group, { name: post.title, path }])] : [])],
  };
}

/** A member's page: ProfilePage of the person, in their own words. */
export function userHead(context: HeadContext, user: UserProfile): PageHead {
  const path = `/user/${user.id}`;
  const profile: WithContext<ProfilePage> = {
    '@context': 'https://schema.org',
    '@type': 'ProfilePage',
    url: absolute(context, path),
    dateCreated: new Date(user.createdAt).toISOString(),
    mainEntity: personOf(context, user, user.bio ? excerpt(user.bio) : undefined),
  };
  return {
    title: pageTitle(context.site.title, TITLE_SECTIONS.userPage, user.nickname),
    description: excerpt(user.bio || `${user.nickname} - ${context.site.title}`),
    path,
    ogType: 'profile',
    image: user.avatar,
    jsonLd: [profile],
  };
}
