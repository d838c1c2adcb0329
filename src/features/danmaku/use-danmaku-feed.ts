/**
 * The danmaku feed of the movie being played, following the video: the window of the current
 * position when the source loads, as playback advances and after every seek.
 */
import { useEffect, useMemo, type RefObject } from 'react';
import { getDanmakuRange } from './danmaku-calls.ts';
import { DanmakuFeed } from './danmaku-feed.ts';

export function useDanmakuFeed(movieId: number, video: RefObject<HTMLVideoElement | null>): DanmakuFeed {
  const feed = useMemo(() => new DanmakuFeed((fromMs, toMs) => getDanmakuRange({ movieId }, fromMs, toMs)), [movieId]);
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const follow = () => feed.follow(element.currentTime * 1_000);
    const events = ['loadedmetadata', 'timeupdate', 'seeking'] as const;
    for (const type of events) element.addEventListener(type, follow);
    follow();
    return () => {
      for (const type of events) element.removeEventListener(type, follow);
    };
  }, [feed, video]);
  return feed;
}
