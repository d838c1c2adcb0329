/**
 * Media Session while the video plays: the lock screen, the notification and headphones show the
 * title, the episode (artist; the film's title as album) and the poster, and their buttons play,
 * pause, seek back and forth, seek to a point and, for a series whose page gives the callbacks, go
 * to the previous or next episode. The position is kept current. Cleared when the player goes.
 */
import { useEffect, useRef, type RefObject } from 'react';

export interface SessionInfo {
  title: string;
  /** The episode's label for a series, else ''. */
  artist: string;
  album: string;
  /** The poster's URL. */
  artwork: string;
}

export interface SessionTracks {
  onNextEpisode?: () => void;
  onPreviousEpisode?: () => void;
}

const SEEK_OFFSET_S = 10;

export function useMediaSession(
  video: RefObject<HTMLVideoElement | null>,
  info: SessionInfo,
  tracks: SessionTracks,
): void {
  const latest = useRef(tracks);
  latest.current = tracks;
  const hasNext = Boolean(tracks.onNextEpisode);
  const hasPrevious = Boolean(tracks.onPreviousEpisode);
  const { title, artist, album, artwork } = info;

  useEffect(() => {
    const element = video.current;
    const session = typeof navigator !== 'undefined' ? navigator.mediaSession : undefined;
    if (!element || !session || typeof MediaMetadata === 'undefined') return;
    const describe = () => {
      const src = artwork ? new URL(artwork, location.href).href : '';
      session.metadata = new MediaMetadata({ title, artist, album, artwork: src ? [{ src, sizes: '720x1080' }] : [] });
    };
    const position = () => {
      if (!Number.isFinite(element.duration) || element.duration <= 0) return;
      try {
        session.setPositionState({
          duration: element.duration,
          position: Math.min(element.currentTime, element.duration),
          playbackRate: element.playbackRate || 1,
        });
      } catch {
        // A browser without position state, or a rate it refuses.
      }
    };
    const onPlay = () => {
      describe();
      session.playbackState = 'playing';
      position();
    };
    const onPause = () => (session.playbackState = 'paused');
    const seekTo = (seconds: number) => {
      const duration = Number.isFinite(element.duration) ? element.duration : seconds;
      element.currentTime = Math.max(0, Math.min(duration, seconds));
      position();
    };
    const handlers: [MediaSessionAction, MediaSessionActionHandler | null][] = [
      ['play', () => void element.play().catch(() => undefined)],
      ['pause', () => element.pause()],
      ['seekbackward', (details) => seekTo(element.currentTime - (details.seekOffset ?? SEEK_OFFSET_S))],
      ['seekforward', (details) => seekTo(element.currentTime + (details.seekOffset ?? SEEK_OFFSET_S))],
      ['seekto', (details) => details.seekTime !== undefined && seekTo(details.seekTime)],
      ['previoustrack', hasPrevious ? () => latest.current.onPreviousEpisode?.() : null],
      ['nexttrack', hasNext ? () => latest.current.onNextEpisode?.() : null],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // An action this browser does not know.
      }
    }
    if (!element.paused) onPlay();
    element.addEventListener('play', onPlay);
    element.addEventListener('pause', onPause);
    element.addEventListener('ratechange', position);
    element.addEventListener('seeked', position);
    element.addEventListener('durationchange', position);
    return () => {
      element.removeEventListener('play', onPlay);
      element.removeEventListener('pause', onPause);
      element.removeEventListener('ratechange', position);
      element.removeEventListener('seeked', position);
      element.removeEventListener('durationchange', position);
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null);
        } catch {
          // As above.
        }
      }
      session.metadata = null;
      session.playbackState = 'none';
    };
  }, [video, title, artist, album, artwork, hasNext, hasPrevious]);
}
