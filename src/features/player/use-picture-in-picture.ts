/**
 * Picture-in-Picture of the video, where the browser offers it (`document.pictureInPictureEnabled`
 * and the video not barred from it): whether it can, whether it is on, and a toggle.
 */
import { useCallback, useEffect, useState, type RefObject } from 'react';

export interface PictureInPicture {
  supported: boolean;
  active: boolean;
  toggle: () => void;
}

export function usePictureInPicture(video: RefObject<HTMLVideoElement | null>): PictureInPicture {
  const [supported, setSupported] = useState(false);
  const [active, setActive] = useState(false);

  useEffect(() => {
    const element = video.current;
    if (!element || typeof document === 'undefined' || !document.pictureInPictureEnabled) return;
    if (element.disablePictureInPicture || typeof element.requestPictureInPicture !== 'function') return;
    setSupported(true);
    const enter = () => setActive(true);
    const leave = () => setActive(false);
    element.addEventListener('enterpictureinpicture', enter);
    element.addEventListener('leavepictureinpicture', leave);
    return () => {
      element.removeEventListener('enterpictureinpicture', enter);
      element.removeEventListener('leavepictureinpicture', leave);
      if (document.pictureInPictureElement === element) void document.exitPictureInPicture().catch(() => undefined);
    };
  }, [video]);

  const toggle = useCallback(() => {
    const element = video.current;
    if (!element) return;
    if (document.pictureInPictureElement) void document.exitPictureInPicture().catch(() => undefined);
    else void element.requestPictureInPicture().catch(() => undefined);
  }, [video]);

  return { supported, active, toggle };
}
