import { describe, expect, it, vi } from 'vitest';
import { reloadWhenNoVideoPlays } from './safe-reload.ts';

/** A document stand-in with videos whose state the test sets. */
function pageWith(videos: { paused: boolean; ended: boolean }[]) {
  const target = new EventTarget();
  const page = {
    querySelectorAll: () => videos,
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
  } as unknown as Document;
  const fire = (type: 'pause' | 'ended' | 'play') => target.dispatchEvent(new Event(type));
  return { page, fire };
}

describe('reloadWhenNoVideoPlays', () => {
  it('reloads at once without a playing video', () => {
    const reload = vi.fn();
    const { page } = pageWith([{ paused: true, ended: false }]);
    expect(reloadWhenNoVideoPlays(page, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('waits while a video plays and reloads once it is paused or ended, once', () => {
    const reload = vi.fn();
    const video = { paused: false, ended: false };
    const { page, fire } = pageWith([video, { paused: true, ended: false }]);
    expect(reloadWhenNoVideoPlays(page, reload)).toBe(false);
    fire('pause'); // another video paused: this one still plays
    expect(reload).not.toHaveBeenCalled();
    video.ended = true;
    fire('ended');
    expect(reload).toHaveBeenCalledTimes(1);
    fire('pause');
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
