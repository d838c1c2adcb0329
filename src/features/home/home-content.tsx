/**
 * Home's content (the screen: src/routes/home.tsx): banners, 继续观看 (the device's watch history,
 * continue-watching.tsx), hot tags, category shortcuts (the sections and the movie genres), featured
 * collections, the newest and the most watched movies and the newest topics, each with "更多".
 * One call (/home/getIndex, cached) fills it; the sections come from the app-wide lists.
 */
import './home.css';
import type { HomeData } from '../../../contract/calls/content.ts';
import { useFirstPaintHandover } from '../../components/page/first-paint.ts';
import { paths } from '../../lib/route-paths.ts';
import { BannerCarousel } from './banner-carousel.tsx';
import { CategoryShortcuts } from './category-shortcuts.tsx';
import { ContinueWatching } from './continue-watching.tsx';
import { FeaturedRow } from './featured-row.tsx';
import { MovieCard } from '../movies/movie-card.tsx';
import { PostCard } from '../posts/post-card.tsx';
import { SectionHeader } from '../../components/section-header.tsx';
import { Skeleton, SkeletonList } from '../../components/skeleton.tsx';
import { TagChips } from '../tags/tag-chips.tsx';
import { messages } from '../../messages.ts';
import { useAppInit } from '../../stores/app-init.ts';

const TOPICS_SHOWN = 6;
/** The scrolling row's cards: 32% of the page width (home.css .movie-row), 1/6 on desktop. */
const ROW_POSTER_SIZES = '(min-width: 1000px) 160px, (min-width: 768px) 200px, 32vw';
const m = messages.homeSections;

export function HomeSkeleton() {
  return (
    <div className="home" aria-busy="true">
      <Skeleton className="home__banner-skeleton" style={{ aspectRatio: '12/5' }} />
      <div className="chip-row home__chips-skeleton">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="skeleton--chip" />
        ))}
      </div>
      <SkeletonList count={6} />
    </div>
  );
}

/** The sections (app-wide lists) and the home's own shortcuts; only this re-renders when the lists arrive. */
function HomeShortcuts({ shortcuts }: { shortcuts: HomeData['shortcuts'] }) {
  const { categories } = useAppInit();
  const sections = categories.filter((node) => node.route !== null);
  return <CategoryShortcuts nodes={[...sections, ...shortcuts]} label={m.categories} />;
}

/**
 * Also rendered by the server's first paint (src/entry-server.tsx), which shows the first screen only
 * (`firstScreenOnly`: banners, tags, categories and the featured row; the movie rows and topics
 * below the fold come with the app), so the page has less to parse and lay out before it paints.
 */
export function HomeContent({ home, firstScreenOnly = false }: { home: HomeData; firstScreenOnly?: boolean }) {
  // The shortcuts hold the app-wide lists' sections: a first visit's lists may come after home's
  // own answer, and the row would grow under the reader's eyes (a layout shift).
  useFirstPaintHandover(useAppInit().loaded);
  return (
    <div className="home">
      <BannerCarousel banners={home.banners} />

      {!firstScreenOnly && <ContinueWatching />}

      {home.hotTags.length > 0 && (
        <section aria-labelledby="home-tags" className="home__tags">
          <SectionHeader id="home-tags" title={m.hotTags} href={paths.tagList()} />
          <TagChips tags={home.hotTags} label={m.hotTags} />
        </section>
      )}

      <section aria-labelledby="home-categories">
        <SectionHeader id="home-categories" title={m.categories} href={paths.categoryList()} />
        <HomeShortcuts shortcuts={home.shortcuts} />
      </section>

      {home.featured.length > 0 && (
        <section aria-labelledby="home-featured">
          <SectionHeader id="home-featured" title={m.featured} />
          <FeaturedRow items={home.featured} />
        </section>
      )}

      {!firstScreenOnly && <BelowTheFold home={home} />}
    </div>
  );
}

/** Home's movie rows and newest topics, laid out only once near the viewport (home.css .home__later). */
function BelowTheFold({ home }: { home: HomeData }) {
  return (
    <>
      <section aria-labelledby="home-newest" className="home__later">
        <SectionHeader id="home-newest" title={m.newestMovies} href={`${paths.movieList()}?sort=new`} />
        <div className="card-grid home__newest">
          {home.newestMovies.map((movie) => (
            <MovieCard key={movie.id} movie={movie} />
          ))}
        </div>
      </section>

      <section aria-labelledby="home-hot" className="home__later">
        <SectionHeader id="home-hot" title={m.hotMovies} href={`${paths.movieList()}?sort=hot`} />
        <div className="movie-row">
          {home.hotMovies.map((movie) => (
            <MovieCard key={movie.id} movie={movie} sizes={ROW_POSTER_SIZES} />
          ))}
        </div>
      </section>

      {home.newestTopics.length > 0 && (
        <section aria-labelledby="home-topics" className="home__later">
          <SectionHeader id="home-topics" title={m.newestTopics} href={paths.topicList()} />
          <div className="card home__topics">
            {home.newestTopics.slice(0, TOPICS_SHOWN).map((post) => (
              <PostCard key={post.id} post={post} />
            ))}
          </div>
        </section>
      )}
    </>
  );
}
