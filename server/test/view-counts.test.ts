/**
 * Page views counted as large sites count them (server/db/view-counts.ts): opening a movie or a
 * post writes nothing in the read, each answer shows the viewer's own view, two server processes on
 * one store count every view exactly once written (here: when each closes), and a write that fails
 * keeps its views for the next.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MovieDetail, PostDetail } from '../../contract/calls/content.ts';
import { API } from '../../contract/calls/paths.ts';
import { ViewCounts } from '../db/view-counts.ts';
import { dataOf, seedContent } from './content-fixture.ts';
import { createAppOn, createHarness, EVERY_DB_KIND, openTestDb, type Harness, type StoreApp } from './harness.ts';

describe.each(EVERY_DB_KIND)('page views on %s', (kind) => {
  let h: Harness;
  let processes: StoreApp[] = [];
  const viewsOf = async (table: 'movies' | 'posts', id: number) =>
    (await h.db.one<{ views: number }>(`SELECT views FROM ${table} WHERE id = $1`, [id]))!.views;

  beforeAll(async () => {
    h = await createHarness(kind, { seed: seedContent });
    processes = [await createAppOn(h.db), await createAppOn(h.db)];
  });
  afterAll(async () => {
    for (const server of processes) await server.app.close();
    await h?.close();
  });

  it('writes nothing in the read, shows each viewer their view, and counts every view of two processes', async () => {
    const movieBefore = await viewsOf('movies', 12);
    const topicBefore = await viewsOf('posts', 101);
    const [one, two] = processes as [StoreApp, StoreApp];
    const movieViews = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        dataOf<MovieDetail>((i % 2 === 0 ? one : two).client, API.movieDetail, { id: 12 }),
      ),
    );
    const topicViews = await Promise.all(
      Array.from({ length: 5 }, () => dataOf<PostDetail>(one.client, API.topicDetail, { id: 101 })),
    );
    // Nothing is written while pages are read.
    expect(await viewsOf('movies', 12)).toBe(movieBefore);
    expect(await viewsOf('posts', 101)).toBe(topicBefore);
    // Each process answers the row's count and the views it holds, each viewer's own included.
    const shown = (answers: MovieDetail[]) => answers.map((answer) => answer.views).sort((a, b) => a - b);
    const expected = Array.from({ length: 12 }, (_, i) => movieBefore + i + 1);
    expect(shown(movieViews.filter((_, i) => i % 2 === 0))).toEqual(expected);
    expect(shown(movieViews.filter((_, i) => i % 2 === 1))).toEqual(expected);
    expect(topicViews.map((answer) => answer.views).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 5 }, (_, i) => topicBefore + i + 1),
    );
    // A process that stops writes what it held; the other one's views stay held until it does.
    await one.app.close();
    expect(await viewsOf('movies', 12)).toBe(movieBefore + 12);
    expect(await viewsOf('posts', 101)).toBe(topicBefore + 5);
    await two.app.close();
    expect(await viewsOf('movies', 12)).toBe(movieBefore + 24);
    processes = [];
  });

  it('keeps the views of a write that failed for the next one', async () => {
    const before = await viewsOf('movies', 3);
    const gone = await openTestDb(kind);
    await gone.close();
    const views = new ViewCounts();
    views.add('movie', 3);
    views.add('movie', 3);
    await expect(views.flush(gone)).rejects.toThrow();
    expect(views.held('movie', 3)).toBe(2);
    views.add('movie', 3);
    await views.flush(h.db);
    expect(await viewsOf('movies', 3)).toBe(before + 3);
    expect(views.held('movie', 3)).toBe(0);
  });
});
