/**
 * Saving and restoring the player's position (the watch history, features/history/): the position
 * is read from the video while this episode's source is live (from its loadedmetadata to its
 * emptied), so a reading taken while hls.js tears the source down (currentTime 0, no duration) or
 * before the next episode's source came never overwrites a good one; the last good reading is what
 * every way out saves. Saved every SAVE_EVERY_S of playing, on pause, end and seek, when the page is
 * hidden (an app switch), on pagehide (a reload, a closed tab, a link to another site), when the
 * episode changes and when the player goes away (in-app or system back, a link to another route).
 * The history store journals each save synchronously (watch-journal.ts), so a page that goes away
 * at once keeps it; the heartbeats (watch-heartbeat.ts) tell the server.
 *
 * The start: the newest of the device's entry and the server's position (/movie/play's `progress`,
 * which joins the device's history), for this episode, unless it was watched to the end
 * (history-store.ts resumePosition).
 */
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import type { MovieCard, WatchPosition } from '../../../contract/calls/content.ts';
import { adoptWatchEntries, recordWatch, resumePosition } from '../history/history-store.ts';

const SAVE_EVERY_S = 5;
/** Positions under this are not worth saving (the player just opened). */
const MIN_SAVED_S = 1;

/** Answers where this episode starts (seconds; 0: the beginning); the function is the same at every render. */
export function useWatchPosition(
  video: RefObject<HTMLVideoElement | null>,
  movie: MovieCard,
  episode: number,
  server?: WatchPosition | null,
): () => number {
  const latest = useRef({ movieId: movie.id, episode, server });
  latest.current = { movieId: movie.id, episode, server };
  const startAt = useCallback(() => {
    const { movieId, episode: number, server: saved } = latest.current;
    return resumePosition(
      movieId,
      number,
      saved && { episode: saved.episode, position: saved.positionS, duration: saved.durationS, at: saved.at },
    );
  }, []);

  // The server's position goes into the device's history too (the newer one stays).
  useEffect(() => {
    if (server)
      adoptWatchEntries([
        { movie, episode: server.episode, position: server.positionS, duration: server.durationS, at: server.at },
      ]);
  }, [movie, server]);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    let live = element.readyState > 0 && Number.isFinite(element.duration);
    let known: { position: number; duration: number } | null = null;
    let lastSaved = 0;

    const read = () => {
      if (live && Number.isFinite(element.duration) && element.duration > 0)
        known = { position: element.currentTime, duration: element.duration };
    };
    const save = () => {
      read();
      if (!known || known.position < MIN_SAVED_S) return;
      recordWatch({ movie, episode, position: known.position, duration: known.duration });
      lastSaved = known.position;
    };
    const onLoaded = () => {
      live = true;
    };
    const onEmptied = () => {
      live = false;
    };
    const onTime = () => {
      read();
      if (known && Math.abs(known.position - lastSaved) >= SAVE_EVERY_S) save();
    };
    const onHidden = () => document.visibilityState === 'hidden' && save();

    element.addEventListener('loadedmetadata', onLoaded);
    element.addEventListener('emptied', onEmptied);
    element.addEventListener('timeupdate', onTime);
    for (const type of ['pause', 'ended', 'seeked']) element.addEventListener(type, save);
    document.addEventListener('visibilitychange', onHidden);
    addEventListener('pagehide', save);
    return () => {
      save();
      element.removeEventListener('loadedmetadata', onLoaded);
      element.removeEventListener('emptied', onEmptied);
      element.removeEventListener('timeupdate', onTime);
      for (const type of ['pause', 'ended', 'seeked']) element.removeEventListener(type, save);
      document.removeEventListener('visibilitychange', onHidden);
      removeEventListener('pagehide', save);
    };
  }, [video, movie, episode]);

  return startAt;
}
