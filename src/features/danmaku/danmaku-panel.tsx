/**
 * A danmaku panel inside the player (so it stays there in fullscreen too): the settings or the
 * list, with a title and a close button. Loaded lazily, the first time one is opened.
 */
import type { RefObject } from 'react';
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
  return (
    <section
      className="danmaku-panel"
      aria-label={title}
      data-testid={`danmaku-panel-${name}`}
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => event.key === 'Escape' && onClose()}
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
