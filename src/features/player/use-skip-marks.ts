/**
 * Skipping a series' intro and outro by the operator's marks (movies.intro_end_s / outro_start_s,
 * the same for every episode), while the switch 跳过片头片尾 is on (skip-marks-setting.ts):
 * - starting, or seeking, inside [0, introEndS): a jump to introEndS and the toast 已跳过片头;
 * - reaching outroStartS: the toast 已跳过片尾 and `onOutro` (the player goes to the end, where
 *   the next episode's countdown starts).
 * Marks outside the video (or none) do nothing. The decisions are pure functions, tested alone.
 */
import { useEffect, useEffectEvent, type RefObject } from 'react';
import { useSnapshot } from 'valtio/react';
import { showToast } from '../../stores/toast.ts';
import { seriesMessages } from './series-messages.ts';
import { skipMarksState } from './skip-marks-setting.ts';

export interface SkipMarks {
  introEndS?: number | null;
  outroStartS?: number | null;
}

/** Half a second of slack: a jump lands where it aims, and a position that close counts as there. */
const SLACK_S = 0.5;

/** Where a start or seek to `time` jumps to skip the intro, or null. */
export function introJump(time: number, marks: SkipMarks, duration: number): number | null {
  const end = marks.introEndS;
  if (!end || end <= 0 || !(duration > end)) return null;
  return time < end - SLACK_S ? end : null;
}

/** Whether `time` is in the outro (from its mark to just before the end, where the end comes anyway). */
export function inOutro(time: number, marks: SkipMarks, duration: number): boolean {
  const start = marks.outroStartS;
  if (!start || start <= 0 || !(duration > start)) return false;
  return time >= start && time < duration - SLACK_S;
}

export function useSkipMarks(video: RefObject<HTMLVideoElement | null>, marks: SkipMarks | null, onOutro: () => void) {
  const { on } = useSnapshot(skipMarksState);
  const outro = useEffectEvent(() => onOutro());
  const introEndS = marks?.introEndS ?? null;
  const outroStartS = marks?.outroStartS ?? null;
  useEffect(() => {
    const element = video.current;
    if (!element || !on || (!introEndS && !outroStartS)) return;
    const current = { introEndS, outroStartS };
    let outroSkipped = false;
    const skipIntro = () => {
      const to = introJump(element.currentTime, current, element.duration);
      if (to === null) return;
      element.currentTime = to;
      showToast(seriesMessages.skippedIntro);
    };
    const onSeeked = () => {
      skipIntro();
      if (!inOutro(element.currentTime, current, element.duration)) outroSkipped = false;
    };
    const onTime = () => {
      if (outroSkipped || element.paused || !inOutro(element.currentTime, current, element.duration)) return;
      outroSkipped = true;
      showToast(seriesMessages.skippedOutro);
      outro();
    };
    element.addEventListener('playing', skipIntro);
    element.addEventListener('seeked', onSeeked);
    element.addEventListener('timeupdate', onTime);
    return () => {
      element.removeEventListener('playing', skipIntro);
      element.removeEventListener('seeked', onSeeked);
      element.removeEventListener('timeupdate', onTime);
    };
  }, [video, on, introEndS, outroStartS]);
}
