/** The 画中画 button, in the player's top-right corner (the phone's bar has no room), where the browser offers it. */
import { IconPip } from './player-icons.tsx';
import { playerMessages as m } from './player-messages.ts';
import type { PictureInPicture } from './use-picture-in-picture.ts';

export function PipButton({ pip }: { pip: PictureInPicture }) {
  if (!pip.supported) return null;
  return (
    <button
      type="button"
      className="video-controls__button"
      aria-label={pip.active ? m.exitPip : m.pip}
      aria-pressed={pip.active}
      title={pip.active ? m.exitPip : m.pip}
      onClick={(event) => {
        event.stopPropagation();
        pip.toggle();
      }}
      data-testid="pip"
    >
      <IconPip />
    </button>
  );
}
