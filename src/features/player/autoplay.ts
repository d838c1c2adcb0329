/**
 * How playback starts. A play page the viewer arrived at from another screen of the app (立即播放, a
 * 选集 episode, 继续观看 …, or back and forward) plays at once; one opened directly (a typed or
 * shared address, a reload, a restored tab) waits for the big play button: nobody asked to play
 * just then, and browsers refuse sound there anyway.
 *
 * Where the browser refuses to start with sound (iOS Safari, a strict autoplay policy), the video
 * starts muted and the player offers 点击开启声音 (unmute-button.tsx). That mute is the browser's,
 * not the viewer's: it is not remembered as the viewer's choice (use-playback-prefs.ts).
 */
import { navigatedInApp } from '../../components/page/navigation.ts';

/** Videos muted here to be allowed to start; unmuting (by any way) ends it. */
const mutedToStart = new WeakSet<HTMLVideoElement>();

/** The page was reached from another screen of the app, by the viewer's tap (false on the server). */
export const arrivedByTap = (): boolean => typeof window !== 'undefined' && navigatedInApp();

/**
 * Whether the video is muted only because the browser refused to start it with sound; once it is
 * unmuted (the button, the m key, the volume) a later mute is the viewer's own.
 */
export function isMutedToStart(element: HTMLVideoElement): boolean {
  if (!element.muted) mutedToStart.delete(element);
  return mutedToStart.has(element);
}

/**
 * Plays the video; when the browser refuses sound without a tap, plays it muted. Answers how it
 * started: 'sound', 'muted' (offer to unmute) or 'refused' (even muted: the big play button stays).
 */
export async function startPlaying(element: HTMLVideoElement): Promise<'sound' | 'muted' | 'refused'> {
  try {
    await element.play();
    return isMutedToStart(element) ? 'muted' : 'sound';
  } catch (error) {
    if (!(error instanceof DOMException && error.name === 'NotAllowedError') || element.muted) return 'refused';
  }
  mutedToStart.add(element);
  element.muted = true;
  try {
    await element.play();
    return 'muted';
  } catch {
    element.muted = false;
    mutedToStart.delete(element);
    return 'refused';
  }
}

/** Sound on (the 点击开启声音 button): the tap lets the browser play it with sound. */
export function unmute(element: HTMLVideoElement): void {
  mutedToStart.delete(element);
  element.muted = false;
}
