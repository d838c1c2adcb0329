/**
 * 点击开启声音: shown over the video while it plays muted only because the browser refused to start
 * it with sound (autoplay.ts); a tap turns the sound on. It goes once the video has sound, by this
 * button or any other way (the m key, the volume).
 */
import './unmute-button.css';
import { useEffect, useState, type RefObject } from 'react';
import { isMutedToStart, unmute } from './autoplay.ts';
import { IconMuted } from './player-icons.tsx';
import { playerMessages } from './player-messages.ts';

export function UnmuteButton({ video }: { video: RefObject<HTMLVideoElement | null> }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const read = () => setShown(isMutedToStart(element));
    element.addEventListener('volumechange', read);
    element.addEventListener('play', read);
    return () => {
      element.removeEventListener('volumechange', read);
      element.removeEventListener('play', read);
    };
  }, [video]);
  if (!shown) return null;
  return (
    <button
      type="button"
      className="unmute-button"
      onClick={(event) => {
        event.stopPropagation();
        if (video.current) unmute(video.current);
      }}
      data-testid="unmute"
    >
      <IconMuted className="unmute-button__icon" />
      {playerMessages.unmute}
    </button>
  );
}
