/**
 * Fullscreen of a player's wrapper element (so the custom controls stay visible); iPhone Safari
 * has no element fullscreen, only the video's own (webkitEnterFullscreen).
 */
import { useCallback, useEffect, useState, type RefObject } from 'react';

type IosVideo = HTMLVideoElement & { webkitEnterFullscreen?: () => void };

export function useFullscreen(
  wrapper: RefObject<HTMLElement | null>,
  video: RefObject<HTMLVideoElement | null>,
): [boolean, () => void] {
  const [active, setActive] = useState(false);

  useEffect(() => {
    const update = () =>
      setActive(document.fullscreenElement !== null && document.fullscreenElement === wrapper.current);
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, [wrapper]);

  const toggle = useCallback(() => {
    if (document.fullscreenElement) {
      void document.exitFullscreen().catch(() => undefined);
      return;
    }
    const element = wrapper.current;
    if (element?.requestFullscreen && document.fullscreenEnabled) {
      void element.requestFullscreen().catch(() => undefined);
      return;
    }
    (video.current as IosVideo | null)?.webkitEnterFullscreen?.();
  }, [wrapper, video]);

  return [active, toggle];
}
