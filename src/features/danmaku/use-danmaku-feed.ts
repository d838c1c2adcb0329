/**
 * The danmaku feed of the movie being played, following the video: the window of the current
 * position when the source loads and as playback advances, fetched again after every seek.
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
    const seeked = () => feed.follow(element.currentTime * 1_000, true);
    element.addEventListener('loadedmetadata', follow);
    element.addEventListener('timeupdate', follow);
    element.addEventListener('seeking', seeked);
    follow();
    return () => {
      element.removeEventListener('loadedmetadata', follow);
      element.removeEventListener('timeupdate', follow);
      element.removeEventListener('seeking', seeked);
    };
  }, [feed, video]);
  return feed;
}
