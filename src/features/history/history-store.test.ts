import { beforeEach, describe, expect, it } from 'vitest';
import type { MovieDetail, PostCard } from '../../../contract/calls/content.ts';
import {
  HISTORY_LIMIT,
  historyState,
  lastEpisode,
  recordRead,
  recordWatch,
  resumePosition,
  withEntry,
} from './history-store.ts';

const movie = (id: number) =>
  ({
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
    description: '很长的简介',
    related: [],
  }) as unknown as MovieDetail;

beforeEach(() => {
  historyState.watch = [];
  historyState.read = [];
});

describe('watch history', () => {
  it('keeps one entry per movie, newest first, with the latest position', () => {
    recordWatch({ movie: movie(1), position: 10, duration: 600 }, 1);
    recordWatch({ movie: movie(2), position: 20, duration: 600 }, 2);
    recordWatch({ movie: movie(1), position: 42.7, duration: 600 }, 3);
    expect(historyState.watch.map((entry) => [entry.movie.id, entry.position])).toEqual([
      [1, 42],
      [2, 20],
    ]);
  });

  it(`keeps at most ${HISTORY_LIMIT}, dropping the oldest`, () => {
    for (let id = 1; id <= HISTORY_LIMIT + 3; id++) recordWatch({ movie: movie(id), position: 1, duration: 600 }, id);
    expect(historyState.watch).toHaveLength(HISTORY_LIMIT);
    expect(historyState.watch[0]!.movie.id).toBe(HISTORY_LIMIT + 3);
    expect(historyState.watch.some((entry) => entry.movie.id <= 3)).toBe(false);
  });

  it('stores the card fields only', () => {
    recordWatch({ movie: movie(5), position: 1, duration: 600 });
    expect(historyState.watch[0]!.movie).not.toHaveProperty('description');
    expect(historyState.watch[0]!.movie).not.toHaveProperty('related');
  });

  it('resumes at the saved position, from the start when it was finished', () => {
    recordWatch({ movie: movie(1), position: 125, duration: 600 });
    recordWatch({ movie: movie(2), position: 598, duration: 600 });
    expect(resumePosition(1)).toBe(125);
    expect(resumePosition(2)).toBe(0);
    expect(resumePosition(3)).toBe(0);
  });

  it('keeps the episode watched last of a series: resumes that one only, and a film as episode 1', () => {
    recordWatch({ movie: movie(7), episode: 3, position: 80, duration: 1500 });
    expect(historyState.watch[0]).toMatchObject({ episode: 3, position: 80 });
    expect(lastEpisode(7)).toBe(3);
    expect(resumePosition(7, 3)).toBe(80);
    expect(resumePosition(7, 1)).toBe(0);
    expect(resumePosition(7)).toBe(0);
    recordWatch({ movie: movie(7), episode: 4, position: 10, duration: 1500 });
    expect(historyState.watch.filter((entry) => entry.movie.id === 7)).toHaveLength(1);
    expect(lastEpisode(7)).toBe(4);
    recordWatch({ movie: movie(8), position: 30, duration: 600 });
    expect(lastEpisode(8)).toBe(1);
    expect(resumePosition(8)).toBe(30);
    expect(lastEpisode(9)).toBeNull();
  });
});

describe('read history', () => {
  it('de-duplicates posts and puts the latest read first', () => {
    const post = (id: number) => ({ id, title: `帖子${id}` }) as PostCard;
    recordRead({ post: post(1) }, 1);
    recordRead({ post: post(2) }, 2);
    recordRead({ post: post(1) }, 3);
    expect(historyState.read.map((entry) => [entry.post.id, entry.at])).toEqual([
      [1, 3],
      [2, 2],
    ]);
  });

  it('the rule is pure', () => {
    const list = [{ id: 1 }, { id: 2 }];
    expect(withEntry(list, { id: 2 }, (a, b) => a.id === b.id)).toEqual([{ id: 2 }, { id: 1 }]);
    expect(list).toEqual([{ id: 1 }, { id: 2 }]);
    expect(withEntry([{ id: 1 }, { id: 2 }], { id: 3 }, (a, b) => a.id === b.id, 2)).toEqual([{ id: 3 }, { id: 1 }]);
  });
});
