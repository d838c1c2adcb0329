/**
 * A danmaku panel inside the player (so it stays there in fullscreen too): the settings or the
 * list, with a title and a close button. Loaded lazily, the first time one is opened. Escape closes
 * it (not an Escape meant for a sheet opened from it), and the focus goes back to its opener.
 */
import { useEffect, useRef, type RefObject } from 'react';
import type { DanmakuPanelName } from './danmaku-buttons.tsx';
import type { DanmakuFeed } from './danmaku-feed.ts';
import { DanmakuListPanel } from './danmaku-list-panel.tsx';
import { danmakuMessages as m } from './danmaku-messages.ts';
import { DanmakuSettingsPanel } from './danmaku-settings-panel.tsx';
import './danmaku.css';

interface DanmakuPanelProps {
  name: DanmakuPanelName;
  feed: DanmakuFeed;
  video: RefObject<HTMLVideoElement | null>;
  onClose: () => void;
}

export default function DanmakuPanel({ name, feed, video, onClose }: DanmakuPanelProps) {
  const title = name === 'settings' ? m.settings : m.list;
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    const opener = document.activeElement;
    const panel = section.current;
    return () => {
      const active = document.activeElement;
      const lost = !active || active === document.body || !!panel?.contains(active);
      if (lost && opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, []);
  return (
    <section
      ref={section}
      className="danmaku-panel"
      aria-label={title}
      data-testid={`danmaku-panel-${name}`}
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !(event.target as Element).closest('dialog')) onClose();
      }}
    >
      <header className="danmaku-panel__head">
        <h2 className="danmaku-panel__title">{title}</h2>
        <button type="button" className="danmaku-panel__close" aria-label={m.close} onClick={onClose}>
          ×
        </button>
      </header>
      <div className="danmaku-panel__body">
        {name === 'settings' ? <DanmakuSettingsPanel /> : <DanmakuListPanel feed={feed} video={video} />}
      </div>
    </section>
  );
}
