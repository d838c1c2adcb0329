import { describe, expect, it, vi } from 'vitest';
import type { DanmakuItem } from '../../../contract/calls/community.ts';
import { DanmakuFeed, WINDOW_MS } from './danmaku-feed.ts';

const item = (id: number, atMs: number, text = `t${id}`, mine = false): DanmakuItem => ({
  id,
  atMs,
  text,
  mode: 'scroll',
  colour: '#ffffff',
  mine,
});

/** A feed over a fixed list of danmaku, answering windows as the server does, recording the asks. */
function feedOver(all: DanmakuItem[]) {
  const asked: [number, number][] = [];
  const feed = new DanmakuFeed(async (fromMs, toMs) => {
    asked.push([fromMs, toMs]);
    return all.filter((d) => d.atMs >= fromMs && d.atMs < toMs);
  });
  return { feed, asked, all };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('danmaku feed', () => {
  it('fetches the window of the position, the next one near its end, each once', async () => {
    const { feed, asked } = feedOver([item(1, 1_000), item(2, 25_000), item(3, 31_000), item(4, 65_000)]);
    feed.follow(0);
    feed.follow(5_000);
    await settle();
    expect(asked).toEqual([[0, WINDOW_MS]]);
    expect(feed.list().map((d) => d.id)).toEqual([1, 2]);
    feed.follow(21_000); // within AHEAD_MS of the end: the next window too
    feed.follow(22_000);
    await settle();
    expect(asked).toEqual([
      [0, WINDOW_MS],
      [WINDOW_MS, 2 * WINDOW_MS],
    ]);
    expect(feed.list().map((d) => d.id)).toEqual([1, 2, 3]);
    feed.follow(65_000, true); // a seek
    await settle();
    expect(feed.list().map((d) => d.id)).toEqual([1, 2, 3, 4]);
  });

  it('fetches the window again after a seek: what others sent since comes in, nothing twice', async () => {
    const { feed, asked, all } = feedOver([item(1, 1_000)]);
    feed.follow(0);
    await settle();
    all.push(item(2, 2_000));
    feed.follow(3_000); // playing on: not asked again
    await settle();
    expect(feed.list().map((d) => d.id)).toEqual([1]);
    feed.follow(1_500, true); // a seek back
    await settle();
    expect(asked).toHaveLength(2);
    expect(feed.list().map((d) => d.id)).toEqual([1, 2]);
  });

  it('keeps each id once, by time, whatever overlaps', () => {
    const { feed } = feedOver([]);
    feed.merge([item(2, 2_000), item(1, 1_000)]);
    feed.merge([item(1, 1_000), item(3, 500)]);
    expect(feed.list().map((d) => d.id)).toEqual([3, 1, 2]);
  });

  it('shows the viewer’s own at once and never twice: confirmed first, or its window first', () => {
    const { feed } = feedOver([]);
    const key = feed.addOwn({ atMs: 5_000, text: '见证', mode: 'top', colour: '#fe0302' });
    expect(feed.list()).toMatchObject([{ key, mine: true, text: '见证' }]);
    feed.confirm(key, item(9, 5_000, '见证', true));
    feed.merge([item(9, 5_000, '见证', true)]);
    expect(feed.list().map((d) => [d.key, d.id])).toEqual([[key, 9]]);

    const second = feed.addOwn({ atMs: 6_000, text: '再来', mode: 'scroll', colour: '#ffffff' });
    feed.merge([item(10, 6_000, '再来', true)]); // the window answered before the send did
    feed.confirm(second, item(10, 6_000, '再来', true));
    expect(feed.list().map((d) => [d.key, d.id])).toEqual([
      [key, 9],
      [second, 10],
    ]);
  });

  it('drops an own danmaku the server refused, and retries a failed window later', async () => {
    let fail = true;
    const feed = new DanmakuFeed(async () => {
      if (fail) throw new Error('offline');
      return [item(1, 100)];
    });
    const key = feed.addOwn({ atMs: 100, text: 'x', mode: 'scroll', colour: '#ffffff' });
    feed.drop(key);
    expect(feed.list()).toEqual([]);
    feed.follow(0);
    await settle();
    fail = false;
    feed.follow(0); // within the retry delay: not asked again
    await settle();
    expect(feed.list()).toEqual([]);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 6_000);
      feed.follow(0);
      await settle();
      expect(feed.list().map((d) => d.id)).toEqual([1]);
    } finally {
      vi.useRealTimers();
    }
  });
});
