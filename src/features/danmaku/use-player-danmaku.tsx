/**
 * The danmaku's parts of the player (features/player/video-player.tsx places them): the layer over
 * the video (its renderer loaded lazily, and only while the switch is on), the buttons of the
 * control bar, the open panel (settings or 弹幕列表, loaded on first use, inside the player) and
 * the send bar, which goes in the control bar on wide screens and in fullscreen (560 px wide or
 * more) and under the player on phones. The control bar's height is kept in the player's
 * --video-controls-height, so the layer ends above it.
 */
import { lazy, Suspense, useEffect, useState, type ReactNode, type RefObject } from 'react';
import { DanmakuButtons, type DanmakuPanelName } from './danmaku-buttons.tsx';
import { DanmakuSendBar } from './danmaku-send-bar.tsx';
import { useDanmakuSettings } from './danmaku-settings.ts';
import { useDanmakuFeed } from './use-danmaku-feed.ts';
import { useMediaQuery } from '../../components/hooks/use-media-query.ts';
import { loadChunk } from '../../lib/load-chunk.ts';

const DanmakuOverlay = lazy(() => loadChunk(() => import('./danmaku-overlay.tsx')));
const DanmakuPanel = lazy(() => loadChunk(() => import('./danmaku-panel.tsx')));

export interface PlayerDanmaku {
  /** Inside the player, right after the video. */
  layer: ReactNode;
  /** In the control bar. */
  buttons: ReactNode;
  /** Inside the player, after the controls. */
  panel: ReactNode;
  sendBar: ReactNode;
  /** The send bar belongs in the control bar (else under the player). */
  sendInBar: boolean;
}

export function usePlayerDanmaku(
  movieId: number,
  player: RefObject<HTMLElement | null>,
  video: RefObject<HTMLVideoElement | null>,
  fullscreen: boolean,
): PlayerDanmaku {
  const feed = useDanmakuFeed(movieId, video);
  const settings = useDanmakuSettings();
  const [panel, setPanel] = useState<DanmakuPanelName | null>(null);
  const wideEnough = useMediaQuery('(min-width: 560px)');
  // In fullscreen only where the bar has room for it (a landscape phone): on a portrait one the bar
  // overflowed and its last buttons (倍速, 全屏) left the screen.
  const sendInBar = useMediaQuery('(min-width: 768px)') || (fullscreen && wideEnough);

  useEffect(() => {
    const element = player.current;
    const controls = element?.querySelector<HTMLElement>('.video-controls');
    if (!element || !controls) return;
    const observer = new ResizeObserver(() =>
      element.style.setProperty('--video-controls-height', `${controls.offsetHeight}px`),
    );
    observer.observe(controls);
    return () => observer.disconnect();
  }, [player]);

  return {
    layer: settings.enabled && (
      <Suspense fallback={null}>
        <DanmakuOverlay video={video} feed={feed} settings={settings} />
      </Suspense>
    ),
    buttons: <DanmakuButtons panel={panel} onPanel={setPanel} />,
    panel: panel && (
      <Suspense fallback={null}>
        <DanmakuPanel name={panel} feed={feed} video={video} onClose={() => setPanel(null)} />
      </Suspense>
    ),
    sendBar: <DanmakuSendBar movieId={movieId} feed={feed} video={video} inBar={sendInBar} />,
    sendInBar,
  };
}
