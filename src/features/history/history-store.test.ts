import { beforeEach, describe, expect, it } from 'vitest';
import type { MovieDetail, PostCard } from '../../../contract/calls/content.ts';
import {
  adoptWatchEntries,
  HISTORY_LIMIT,
  historyState,
  isFinished,
  mergeWatch,
  devicePosition,
  recordRead,
  recordWatch,
  resumePosition,
  withEntry,
  type WatchEntry,
} from './history-store.ts';
import { unfinished } from '../home/continue-watching.tsx';

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
      [1, 42.7],
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
    expect(devicePosition(7)?.episode).toBe(3);
    expect(resumePosition(7, 3)).toBe(80);
    expect(resumePosition(7, 1)).toBe(0);
    expect(resumePosition(7)).toBe(0);
    recordWatch({ movie: movie(7), episode: 4, position: 10, duration: 1500 });
    expect(historyState.watch.filter((entry) => entry.movie.id === 7)).toHaveLength(1);
    expect(devicePosition(7)?.episode).toBe(4);
    recordWatch({ movie: movie(8), position: 30, duration: 600 });
    expect(devicePosition(8)?.episode).toBe(1);
    expect(resumePosition(8)).toBe(30);
    expect(devicePosition(9)).toBeNull();
  });
});

describe('device and server history merged', () => {
  const entry = (id: number, at: number, position = 10, episode = 1): WatchEntry => ({
    movie: movie(id),
    episode,
    position,
    duration: 600,
    at,
  });

  it('keeps per title the newest entry, newest first, capped; pure', () => {
    const device = [entry(1, 50, 30), entry(2, 40), entry(3, 10, 5)];
    const server = [entry(3, 60, 45, 2), entry(1, 20, 99), entry(4, 30)];
    const merged = mergeWatch(device, server);
    expect(merged.map((e) => [e.movie.id, e.position, e.episode, e.at])).toEqual([
      [3, 45, 2, 60],
      [1, 30, 1, 50],
      [2, 10, 1, 40],
      [4, 10, 1, 30],
    ]);
    expect(device.map((e) => e.movie.id)).toEqual([1, 2, 3]);
    expect(mergeWatch(device, server, 2).map((e) => e.movie.id)).toEqual([3, 1]);
    expect(mergeWatch(device, [])).toEqual(device);
  });

  it('adopts the server’s entries into the store with the card fields only', () => {
    recordWatch({ movie: movie(1), position: 30, duration: 600 }, 100);
    adoptWatchEntries([entry(1, 90, 12), entry(2, 95, 44)]);
    expect(historyState.watch.map((e) => [e.movie.id, e.position])).toEqual([
      [1, 30],
      [2, 44],
    ]);
    expect(historyState.watch[1]!.movie).not.toHaveProperty('description');
  });

  it('resumes from the newer of the device’s entry and the server’s position, for its episode only', () => {
    recordWatch({ movie: movie(7), episode: 1, position: 30, duration: 600 }, 1_000);
    expect(resumePosition(7, 1, { episode: 2, position: 61.5, duration: 1500, at: 500 })).toBe(30);
    expect(resumePosition(7, 2, { episode: 2, position: 61.5, duration: 1500, at: 2_000 })).toBe(61.5);
    expect(resumePosition(7, 1, { episode: 2, position: 61.5, duration: 1500, at: 2_000 })).toBe(0);
    expect(resumePosition(8, 1, { episode: 1, position: 12.5, duration: 28, at: 1 })).toBe(12.5);
    expect(resumePosition(8, 1, { episode: 1, position: 28, duration: 28, at: 1 })).toBe(0);
  });

  it('counts as finished only near the end: 5 s, or 5 % of a short video', () => {
    expect(isFinished(24, 28)).toBe(false); // the 28-second demo films left at 24 s
    expect(isFinished(26.7, 28)).toBe(true);
    expect(isFinished(594, 600)).toBe(false);
    expect(isFinished(595, 600)).toBe(true);
    expect(isFinished(10, 0)).toBe(false);
  });

  it('home’s 继续观看 row lists the started, unfinished titles, newest first', () => {
    const list = [entry(1, 10, 0.5), entry(2, 30, 599), entry(3, 20, 100), entry(4, 40, 12)];
    expect(unfinished(list).map((e) => e.movie.id)).toEqual([4, 3]);
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
