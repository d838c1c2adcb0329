/**
 * The danmaku layer over the video (loaded lazily with its renderer): a canvas under the player's
 * controls, never taking a pointer and ending above the control bar, drawn by danmaku-host.ts from
 * the feed's items (blocked words filtered out) and the video's clock (play, pause, seek, rate).
 *
 * The canvas is aria-hidden. What it shows is mirrored in a visually hidden list (role="log",
 * aria-live off: read on demand, never announced) and counted in the layer's data-drawn; the
 * 弹幕列表 panel is the way to read and report them.
 */
import { useEffect, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import type { DanmakuFeed, FeedItem } from './danmaku-feed.ts';
import { startHost, type DanmakuHost } from './danmaku-host.ts';
import { danmakuMessages as m } from './danmaku-messages.ts';
import type { FrameStats } from './danmaku-runner.ts';
import { isBlocked, type DanmakuSettings } from './danmaku-settings.ts';
import './danmaku.css';

interface DanmakuOverlayProps {
  video: RefObject<HTMLVideoElement | null>;
  feed: DanmakuFeed;
  settings: DanmakuSettings;
}

const HAVE_FUTURE_DATA = 3;

/** Frame figures on the layer's data attributes (read by the bench; no re-render). */
function writeStats(element: HTMLElement | null, stats: FrameStats): void {
  if (!element) return;
  element.dataset.fps = (stats.frames / stats.seconds).toFixed(1);
  element.dataset.slowFrames = String(stats.slow);
  element.dataset.frames = String(stats.frames);
  element.dataset.drawMs = stats.drawMs.toFixed(2);
}

export default function DanmakuOverlay({ video, feed, settings }: DanmakuOverlayProps) {
  const layer = useRef<HTMLDivElement>(null);
  const host = useRef<DanmakuHost | null>(null);
  const [shown, setShown] = useState<string[]>([]);
  const items = useSyncExternalStore(
    (listener) => feed.subscribe(listener),
    () => feed.list(),
    () => feed.list(),
  );

  // The renderer, its size and the video's clock.
  useEffect(() => {
    const box = layer.current;
    const element = video.current;
    if (!box || !element) return;
    const canvas = document.createElement('canvas');
    canvas.className = 'danmaku-overlay__canvas';
    canvas.setAttribute('aria-hidden', 'true');
    box.prepend(canvas);
    const started = startHost(canvas, (message) => {
      if (message.type === 'shown') setShown(message.keys);
      else writeStats(layer.current, message.stats);
    });
    host.current = started;
    box.dataset.renderer = started.mode;

    const size = () =>
      started.send({ type: 'size', width: box.clientWidth, height: box.clientHeight, dpr: devicePixelRatio || 1 });
    size();
    const observer = new ResizeObserver(size);
    observer.observe(box);

    const clock = (seeked: boolean) =>
      started.send({
        type: 'clock',
        seeked,
        clock: {
          timeMs: element.currentTime * 1_000,
          rate: element.playbackRate,
          paused: element.paused || element.ended || element.readyState < HAVE_FUTURE_DATA,
          at: performance.timeOrigin + performance.now(),
        },
      });
    const onTick = () => clock(false);
    const onSeek = () => clock(true);
    const ticks = ['play', 'playing', 'pause', 'waiting', 'ratechange', 'timeupdate', 'seeked', 'ended'] as const;
    for (const type of ticks) element.addEventListener(type, onTick);
    element.addEventListener('seeking', onSeek);
    clock(true);
    return () => {
      for (const type of ticks) element.removeEventListener(type, onTick);
      element.removeEventListener('seeking', onSeek);
      observer.disconnect();
      started.destroy();
      host.current = null;
      canvas.remove();
    };
  }, [video]);

  const { blocked, density, opacity } = settings;
  useEffect(() => {
    const visible = items.filter((item) => !isBlocked(item.text, blocked));
    host.current?.send({
      type: 'items',
      items: visible.map(({ key, atMs, text, mode, colour, mine }) => ({ key, atMs, text, mode, colour, mine })),
    });
  }, [items, blocked]);

  useEffect(() => {
    host.current?.send({ type: 'options', options: { density, opacity } });
  }, [density, opacity]);

  const drawn = shown.map((key) => feed.get(key)).filter((item): item is FeedItem => item !== undefined);
  return (
    <div ref={layer} className="danmaku-overlay" data-testid="danmaku-overlay" data-drawn={drawn.length}>
      <div className="visually-hidden" role="log" aria-live="off" aria-label={m.drawn} data-testid="danmaku-mirror">
        <ul>
          {drawn.map((item) => (
            <li key={item.key} data-mine={item.mine || undefined}>
              {item.text}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
