import { describe, expect, it } from 'vitest';
import type { MovieCard } from '../../../contract/calls/content.ts';
import type { SavedItem } from '../../../contract/calls/member.ts';
import { API } from '../../../contract/calls/paths.ts';
import type { QueuedCall } from '../../api/offline-queue.ts';
import { isQueued, mergePage, recordSaved, savedState, storedPage, withItem, type SavedChange } from './saved-store.ts';

const card = (id: number): MovieCard => ({
  id,
  title: `影片${id}`,
  poster: { small: `posters/m${id}-s.webp`, large: `posters/m${id}-l.webp` },
  durationS: 600,
  views: 1,
  likes: 0,
  access: 'free',
  priceCoins: 0,
  year: 2020,
  region: '内地',
  episodeCount: 1,
  finished: true,
});
const movie = (id: number, createdAt: number): SavedItem => ({ type: 'movie', id, createdAt, movie: card(id) });
const ids = (list: readonly SavedItem[]) => list.map((item) => `${item.type}${item.id}`);
const page = (list: SavedItem[], pageNo: number, total: number, pageSize = 2) => ({
  list,
  total,
  page: pageNo,
  pageSize,
});

describe('the saved lists kept on the device', () => {
  it('keeps each item once, newest first', () => {
    let list = withItem([], movie(1, 10), movie(1, 10));
    list = withItem(list, movie(2, 30), movie(2, 30));
    list = withItem(list, movie(3, 20), movie(3, 20));
    list = withItem(list, movie(1, 40), movie(1, 40));
    expect(ids(list)).toEqual(['movie1', 'movie2', 'movie3']);
    expect(ids(withItem(list, { type: 'movie', id: 2 }, null))).toEqual(['movie1', 'movie3']);
  });

  it('adopts a server page as the truth for its span of time, and keeps what lies outside it', () => {
    const post: SavedItem = { ...movie(9, 25), type: 'post' } as unknown as SavedItem;
    const device = [movie(5, 50), movie(4, 40), post, movie(3, 30), movie(1, 10)];
    // Page 1 of 4 (newest first): 5 was removed on another device, 6 added; 3 and older are another page's.
    const first = mergePage(device, 'movie', page([movie(6, 60), movie(4, 40)], 1, 4), []);
    expect(ids(first)).toEqual(['movie6', 'movie4', 'post9', 'movie3', 'movie1']);
    // The last page covers everything older than its newest entry.
    const last = mergePage(first, 'movie', page([movie(3, 30)], 2, 3), []);
    expect(ids(last)).toEqual(['movie6', 'movie4', 'movie3', 'post9']);
  });

  it('applies the changes the server has not heard of over its page', () => {
    const pending: SavedChange[] = [
      { list: 'likes', type: 'movie', id: 7, item: movie(7, 70), at: 70 },
      { list: 'likes', type: 'movie', id: 4, item: null, at: 71 },
    ];
    const merged = mergePage([], 'movie', page([movie(4, 40)], 1, 1), pending);
    expect(ids(merged)).toEqual(['movie7']);
  });

  it('knows a change still waiting in the outbox', () => {
    const change: SavedChange = { list: 'favourites', type: 'movie', id: 3, item: null, at: 1 };
    const queued = (path: QueuedCall['path'], payload: object): QueuedCall => ({ key: 'k', path, payload, at: 1 });
    expect(isQueued(change, [queued(API.movieFavourite, { movieId: 3 })])).toBe(true);
    expect(isQueued(change, [queued(API.movieLike, { id: 3, like: true })])).toBe(false);
    expect(isQueued(change, [queued(API.movieFavourite, { movieId: 4 })])).toBe(false);
  });

  it('records a like at once, undoes it, and serves pages only to the member they belong to', async () => {
    const undo = recordSaved(1, 'likes', { type: 'movie', movie: card(8) }, true, 80);
    recordSaved(1, 'likes', { type: 'movie', movie: card(2) }, true, 20);
    expect(ids(savedState.lists.likes)).toEqual(['movie8', 'movie2']);
    expect((await storedPage(1, 'likes', 'movie', 1, 1)).list.map((item) => item.id)).toEqual([8]);
    expect((await storedPage(1, 'likes', 'movie', 1, 1)).total).toBe(2);
    expect((await storedPage(2, 'likes', 'movie', 1, 10)).list).toEqual([]);
    undo();
    expect(ids(savedState.lists.likes)).toEqual(['movie2']);
    recordSaved(2, 'likes', { type: 'movie', movie: card(3) }, true, 30);
    expect(ids(savedState.lists.likes)).toEqual(['movie3']);
  });
});
