/**
 * The movie list (/movie): filters by category (the genres under the /movie root, then their
 * sub-genres), by hot tag and by sort order (the dictionary's movieSort), kept in the query string
 * (?category=&tag=&sort=) so back and refresh keep them; an endless grid of movie cards below.
 */
import '../features/movies/movies.css';
import { useCallback } from 'react';
import { getMoviePage } from '../features/movies/movie-calls.ts';
import { MOVIE_SORTS, type MovieSort } from '../../contract/enums.ts';
import { FilterRow, type FilterOption } from '../components/filter-row.tsx';
import { InfiniteList } from '../components/infinite-list.tsx';
import { MOVIE_CARD_MIN_WIDTH, MovieCard } from '../features/movies/movie-card.tsx';
import { SkeletonList } from '../components/skeleton.tsx';
import { useInfiniteList } from '../components/hooks/use-infinite-list.ts';
import { usePageQuery } from '../components/page/use-page-query.ts';
import { messages } from '../messages.ts';
import { shellMessages } from '../shell-messages.ts';
import { categoryByRoute, type CategoryView, useAppInit } from '../stores/app-init.ts';

const m = messages.movieList;

const isSort = (value: string | null): value is MovieSort => MOVIE_SORTS.includes(value as MovieSort);
const optionsOf = (nodes: readonly CategoryView[]): FilterOption[] =>
  nodes.map((node) => ({ value: String(node.categoryId), label: node.name }));

/** The chosen genre (second level) and sub-genre (third level) for a chosen category id. */
function chosenLevels(genres: readonly CategoryView[], categoryId: number | null) {
  for (const genre of genres) {
    if (genre.categoryId === categoryId) return { genre, sub: null };
    const sub = genre.childList.find((node) => node.categoryId === categoryId);
    if (sub) return { genre, sub };
  }
  return { genre: null, sub: null };
}

export default function MovieListScreen() {
  const [query, setQuery] = usePageQuery();
  const { categories, hotTags, dictionary } = useAppInit();

  const categoryId = Number(query.get('category')) || null;
  const tag = query.get('tag') || null;
  const sort: MovieSort = isSort(query.get('sort')) ? (query.get('sort') as MovieSort) : 'new';

  const genres = categoryByRoute('/movie', categories)?.childList ?? [];
  const { genre, sub } = chosenLevels(genres, categoryId);
  const sortLabels = new Map((dictionary.movieSort ?? []).map((entry) => [entry.key, entry.label]));
  const sortOptions = MOVIE_SORTS.map((value) => ({ value, label: sortLabels.get(value) ?? m.sorts[value] }));

  const cacheKey = `movies|${categoryId ?? ''}|${tag ?? ''}|${sort}`;
  const fetchPage = useCallback(
    (page: number, pageSize: number, cursor?: string) =>
      getMoviePage({ categoryId: categoryId ?? undefined, tag: tag ?? undefined, sort }, page, pageSize, cursor, {
        toast: false,
      }),
    [categoryId, tag, sort],
  );
  const list = useInfiniteList(cacheKey, fetchPage, { pageSize: 24 });
  const filtered = categoryId !== null || tag !== null;

  return (
    <div className="movie-list">
      <h1 className="screen-title movie-list__title">{shellMessages.titles.movieList}</h1>
      <section className="card movie-filters" aria-label={m.categories}>
        {genres.length > 0 && (
          <FilterRow
            label={m.categories}
            options={optionsOf(genres)}
            value={genre ? String(genre.categoryId) : null}
            onChange={(value) => setQuery({ category: value })}
            testId="filter-category"
          />
        )}
        {genre && genre.childList.length > 0 && (
          <FilterRow
            label={m.subCategories}
            options={optionsOf(genre.childList)}
            value={sub ? String(sub.categoryId) : null}
            onChange={(value) => setQuery({ category: value ?? genre.categoryId })}
            testId="filter-subcategory"
          />
        )}
        {hotTags.length > 0 && (
          <FilterRow
            label={m.tags}
            options={hotTags.map((item) => ({ value: item.key, label: item.name }))}
            value={tag}
            onChange={(value) => setQuery({ tag: value })}
            testId="filter-tag"
          />
        )}
        <FilterRow
          label={m.sort}
          options={sortOptions}
          value={sort}
          withAll={false}
          onChange={(value) => setQuery({ sort: value === 'new' ? null : value })}
          testId="filter-sort"
        />
      </section>

      <InfiniteList
        items={list.items}
        loading={list.loading}
        done={list.done}
        error={list.error}
        onMore={list.loadMore}
        keyOf={(movie) => movie.id}
        render={(movie, index) => <MovieCard movie={movie} priority={index < 2} />}
        skeleton={<SkeletonList count={12} />}
        virtualKey={cacheKey}
        minCard={MOVIE_CARD_MIN_WIDTH}
        empty={
          <div className="empty-state">
            <p>{m.empty}</p>
            {filtered && (
              <button
                type="button"
                className="button button--ghost movie-list__clear"
                onClick={() => setQuery({ category: null, tag: null })}
              >
                {m.clearFilters}
              </button>
            )}
          </div>
        }
      />
    </div>
  );
}
