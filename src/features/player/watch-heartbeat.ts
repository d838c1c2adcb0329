/**
 * Watch heartbeats of the player (contract/calls/member.ts heartbeatSchema): the server credits real
 * playing time to the daily watch task from /movie/heartbeat {movieId, position, playing}, and saves
 * where the user is in the title from its episode, position and durationS (the server's watch
 * history, contract/calls/watch-history.ts). One beat when playback starts (or resumes after
 * buffering), one every HEARTBEAT_EVERY_MS while it plays, and one saying "not playing" on pause,
 * at the end, when the player goes away and when the page does (a closed tab, a reload, a link to
 * another site: pagehide, where neither the video's pause nor React's cleanup comes). When the
 * page is hidden (an app switch) a beat saves the position, still playing or not. Beats that may be
 * the page's last go out with fetch's keepalive to outlive it. A player paused after playing and
 * then moved (a seek) says where it is on leaving too. Silent and best effort: a lost beat loses a
 * few seconds of credit, and the device's own history keeps the position.
 */
import { useEffect, type RefObject } from 'react';
import { sendHeartbeat, type Heartbeat } from '../points/point-calls.ts';
import { readToken } from '../../lib/cookie.ts';

export const HEARTBEAT_EVERY_MS = 15_000;
/** heartbeatSchema's bound on position and durationS (seconds). */
const POSITION_MAX = 86_400;
/** A paused player moved this far since the last beat says where it is on leaving. */
const MOVED_S = 1;

/** What the heartbeats read of the player: an HTMLVideoElement, or a stand-in in tests. */
export type HeartbeatPlayer = Pick<
  HTMLVideoElement,
  'currentTime' | 'paused' | 'ended' | 'addEventListener' | 'removeEventListener'
> &
  Partial<Pick<HTMLVideoElement, 'duration'>>;

/** Where pagehide and visibilitychange come from: the window, or a stand-in in tests. */
export type HeartbeatPage = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

/** The title and episode playing. */
export interface HeartbeatTitle {
  movieId: number;
  episode: number;
}

export type SendBeat = (beat: Heartbeat, keepalive: boolean) => void;

const clamp = (seconds: number): number => Math.min(POSITION_MAX, Math.max(0, seconds || 0));

/** Starts the beats of one player; answers the stop, which says "not playing" if it was. */
export function startWatchHeartbeat(
  element: HeartbeatPlayer,
  { movieId, episode }: HeartbeatTitle,
  send: SendBeat,
  page?: HeartbeatPage,
  isHidden: () => boolean = () => typeof document !== 'undefined' && document.visibilityState === 'hidden',
): () => void {
  let timer: ReturnType<typeof setInterval> | undefined;
  let playing = false;
  let played = false;
  let lastPosition = 0;

  const beat = (nowPlaying: boolean, keepalive = !nowPlaying) => {
    playing = nowPlaying;
    lastPosition = clamp(element.currentTime);
    const duration = element.duration;
    const beat: Heartbeat = { movieId, position: lastPosition, playing: nowPlaying, episode };
    if (duration !== undefined && Number.isFinite(duration) && duration > 0) beat.durationS = clamp(duration);
    send(beat, keepalive);
  };
  /** Worth a beat on leaving: it was playing, or it was moved after playing. */
  const unsaved = () => playing || (played && Math.abs(clamp(element.currentTime) - lastPosition) >= MOVED_S);
  const started = () => {
    clearInterval(timer);
    played = true;
    beat(true);
    timer = setInterval(() => beat(!element.paused && !element.ended), HEARTBEAT_EVERY_MS);
  };
  const stopped = () => {
    clearInterval(timer);
    if (unsaved()) beat(false);
  };
  const visibility = () => {
    if (!isHidden() || !unsaved()) return;
    const still = !element.paused && !element.ended;
    if (!still) clearInterval(timer);
    beat(still, true);
  };

  element.addEventListener('playing', started);
  element.addEventListener('pause', stopped);
  element.addEventListener('ended', stopped);
  page?.addEventListener('pagehide', stopped);
  page?.addEventListener('visibilitychange', visibility);
  return () => {
    element.removeEventListener('playing', started);
    element.removeEventListener('pause', stopped);
    element.removeEventListener('ended', stopped);
    page?.removeEventListener('pagehide', stopped);
    page?.removeEventListener('visibilitychange', visibility);
    stopped();
  };
}

/** Sends to the server while signed in; failures are dropped. */
const sendIfSignedIn: SendBeat = (beat, keepalive) => {
  if (readToken()) sendHeartbeat(beat, { keepalive }).catch(() => undefined);
};

/** The beats of the player in `video` for an episode of a title (window: pagehide, visibilitychange). */
export function useWatchHeartbeat(video: RefObject<HTMLVideoElement | null>, movieId: number, episode = 1): void {
  useEffect(() => {
    const element = video.current;
    return element ? startWatchHeartbeat(element, { movieId, episode }, sendIfSignedIn, window) : undefined;
  }, [video, movieId, episode]);
}
