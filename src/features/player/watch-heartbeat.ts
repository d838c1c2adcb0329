/**
 * Watch heartbeats of the player (contract/calls/member.ts heartbeatSchema): the server credits real
 * playing time to the daily watch task from /movie/heartbeat {movieId, position, playing}. One
 * beat when playback starts (or resumes after buffering), one every HEARTBEAT_EVERY_MS while it
 * plays, and one saying "not playing" on pause, at the end, when the player goes away and when
 * the page does (a closed tab, a link to another site: pagehide, where neither the video's pause
 * nor React's cleanup comes); "not playing" beats go out with fetch's keepalive to outlive it.
 * Silent and best effort: a lost beat loses a few seconds of credit, nothing else.
 */
import { useEffect, type RefObject } from 'react';
import { sendHeartbeat, type Heartbeat } from '../points/point-calls.ts';
import { readToken } from '../../lib/cookie.ts';

export const HEARTBEAT_EVERY_MS = 15_000;
/** heartbeatSchema's bound on position (seconds). */
const POSITION_MAX = 86_400;

/** What the heartbeats read of the player: an HTMLVideoElement, or a stand-in in tests. */
export type HeartbeatPlayer = Pick<
  HTMLVideoElement,
  'currentTime' | 'paused' | 'ended' | 'addEventListener' | 'removeEventListener'
>;

/** Where pagehide comes from: the window, or a stand-in in tests. */
export type HeartbeatPage = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

/** Starts the beats of one player; answers the stop, which says "not playing" if it was. */
export function startWatchHeartbeat(
  element: HeartbeatPlayer,
  movieId: number,
  send: (beat: Heartbeat) => void,
  page?: HeartbeatPage,
): () => void {
  let timer: ReturnType<typeof setInterval> | undefined;
  let playing = false;

  const beat = (nowPlaying: boolean) => {
    playing = nowPlaying;
    send({ movieId, position: Math.min(POSITION_MAX, Math.max(0, element.currentTime || 0)), playing: nowPlaying });
  };
  const started = () => {
    clearInterval(timer);
    beat(true);
    timer = setInterval(() => beat(!element.paused && !element.ended), HEARTBEAT_EVERY_MS);
  };
  const stopped = () => {
    clearInterval(timer);
    if (playing) beat(false);
  };

  element.addEventListener('playing', started);
  element.addEventListener('pause', stopped);
  element.addEventListener('ended', stopped);
  page?.addEventListener('pagehide', stopped);
  return () => {
    element.removeEventListener('playing', started);
    element.removeEventListener('pause', stopped);
    element.removeEventListener('ended', stopped);
    page?.removeEventListener('pagehide', stopped);
    stopped();
  };
}

/** Sends to the server while signed in; failures are dropped. */
const sendIfSignedIn = (beat: Heartbeat): void => {
  if (readToken()) sendHeartbeat(beat, { keepalive: !beat.playing }).catch(() => undefined);
};

export function useWatchHeartbeat(video: RefObject<HTMLVideoElement | null>, movieId: number): void {
  useEffect(() => {
    const element = video.current;
    return element ? startWatchHeartbeat(element, movieId, sendIfSignedIn, window) : undefined;
  }, [video, movieId]);
}
