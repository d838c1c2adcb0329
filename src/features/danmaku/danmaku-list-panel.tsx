/**
 * 弹幕列表: the danmaku near the video's current time (the accessible way to read them), the
 * viewer's blocked ones left out, each with 举报 (the report sheet of features/reports).
 */
import { useEffect, useState, useSyncExternalStore, type RefObject } from 'react';
import { formatDuration } from '../../lib/format.ts';
import { ReportSheet } from '../reports/report-sheet.tsx';
import type { DanmakuFeed } from './danmaku-feed.ts';
import { danmakuMessages as m } from './danmaku-messages.ts';
import { isBlocked, useDanmakuSettings } from './danmaku-settings.ts';

/** How far before and after the current time the list reaches. */
const BEFORE_MS = 10_000;
const AFTER_MS = 30_000;

interface DanmakuListPanelProps {
  feed: DanmakuFeed;
  video: RefObject<HTMLVideoElement | null>;
}

export function DanmakuListPanel({ feed, video }: DanmakuListPanelProps) {
  const { blocked } = useDanmakuSettings();
  const [reporting, setReporting] = useState<number | null>(null);
  const [nowMs, setNowMs] = useState(() => (video.current?.currentTime ?? 0) * 1_000);
  const items = useSyncExternalStore(
    (listener) => feed.subscribe(listener),
    () => feed.list(),
    () => feed.list(),
  );

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const update = () => setNowMs(element.currentTime * 1_000);
    element.addEventListener('timeupdate', update);
    element.addEventListener('seeked', update);
    return () => {
      element.removeEventListener('timeupdate', update);
      element.removeEventListener('seeked', update);
    };
  }, [video]);

  const near = items.filter(
    (item) => item.atMs >= nowMs - BEFORE_MS && item.atMs <= nowMs + AFTER_MS && !isBlocked(item.text, blocked),
  );
  return (
    <>
      {near.length ? (
        <ul className="danmaku-list" data-testid="danmaku-list">
          {near.map((item) => (
            <li key={item.key} className="danmaku-list__row">
              <span className="danmaku-list__time">{formatDuration(item.atMs / 1_000)}</span>
              <span className="danmaku-list__text" style={{ color: item.colour }}>
                {item.text}
              </span>
              {item.mine ? (
                <span className="danmaku-list__mine">{m.listMine}</span>
              ) : (
                <button type="button" className="danmaku-list__report" onClick={() => setReporting(item.id)}>
                  {m.report}
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="danmaku-list__empty">{m.listEmpty}</p>
      )}
      {reporting !== null && (
        <ReportSheet open target={{ type: 'danmaku', id: reporting }} onClose={() => setReporting(null)} />
      )}
    </>
  );
}
