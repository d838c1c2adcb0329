/**
 * The player's bottom bar: play/pause, the time, a seek bar, the danmaku's send bar (wide screens,
 * fullscreen) and buttons, the 播放源 menu (an episode that plays from two sources or more), the
 * 清晰度 menu (自动 and the stream's rungs), the speed menu (0.5-2x) and fullscreen. Stateless: the player owns the video and passes what to show and what to do.
 * It fits a 360 px phone in one row: the time reads m:ss (h:mm:ss from an hour), the 清晰度 button
 * the height alone (its menu names the tiers), and other settings (跳过片头片尾) live in the
 * player's top-right corner, not here.
 */
import type { CSSProperties, ReactNode } from 'react';
import { formatClock, formatDuration } from '../../lib/format.ts';
import { messages } from '../../messages.ts';
import { IconExpand, IconPause, IconPlay, IconShrink } from './player-icons.tsx';
import { PlayerMenu } from './player-menu.tsx';
import { qualityLabel, qualityName, type Quality } from './quality.ts';
import { playerMessages } from './player-messages.ts';

export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;

interface VideoControlsProps {
  playing: boolean;
  current: number;
  duration: number;
  rate: number;
  fullscreen: boolean;
  onToggle: () => void;
  onSeek: (seconds: number) => void;
  onRate: (rate: number) => void;
  onFullscreen: () => void;
  /** 清晰度: the choices (自动 first) and the current one. */
  qualities: readonly Quality[];
  quality: Quality;
  onQuality: (quality: Quality) => void;
  /** 播放源: the sources' names, the one playing and the choice (none: one source, no menu). */
  sources?: { names: readonly string[]; current: number; onChoose: (index: number) => void };
  /** The danmaku's buttons (switch, settings, list), before the speed menu. */
  danmaku?: ReactNode;
  /** The danmaku's send bar, in the middle of the bar. */
  sendBar?: ReactNode;
  /** Whether a text field of the bar (the send bar) has the focus: the bar then stays shown. */
  onTyping?: (typing: boolean) => void;
}

export function VideoControls({
  playing,
  current,
  duration,
  rate,
  fullscreen,
  onToggle,
  onSeek,
  onRate,
  onFullscreen,
  qualities,
  quality,
  onQuality,
  sources,
  danmaku,
  sendBar,
  onTyping,
}: VideoControlsProps) {
  const p = messages.play;
  const progress = duration > 0 ? Math.min(100, (current / duration) * 100) : 0;
  return (
    <div
      className="video-controls"
      onClick={(event) => event.stopPropagation()}
      onFocus={(event) => onTyping?.(event.target instanceof HTMLInputElement && event.target.type === 'text')}
      onBlur={() => onTyping?.(false)}
    >
      <input
        className="video-controls__seek"
        type="range"
        min={0}
        max={duration || 0}
        step={0.1}
        value={Math.min(current, duration || 0)}
        onChange={(event) => onSeek(Number(event.target.value))}
        style={{ '--progress': `${progress}%` } as CSSProperties}
        aria-label={`${formatDuration(current)} / ${formatDuration(duration)}`}
      />
      <div className="video-controls__bar">
        <button
          type="button"
          className="video-controls__button"
          onClick={onToggle}
          aria-label={playing ? p.pause : p.play}
        >
          {playing ? <IconPause /> : <IconPlay />}
        </button>
        <span className="video-controls__time" data-testid="player-time">
          {formatClock(current)} / {formatClock(duration)}
        </span>
        <span className="video-controls__spacer" />
        {sendBar && (
          <>
            {sendBar}
            <span className="video-controls__spacer" />
          </>
        )}
        {danmaku}
        {sources && (
          <PlayerMenu
            name={playerMessages.source}
            label={sources.names[sources.current] ?? playerMessages.source}
            choices={sources.names.map((label, value) => ({ value, label }))}
            current={sources.current}
            onChoose={sources.onChoose}
            testId="play-source"
            className="player-menu--source"
          />
        )}
        <PlayerMenu
          name={playerMessages.quality}
          label={qualityLabel(quality)}
          choices={qualities.map((value) => ({ value, label: qualityName(value) }))}
          current={quality}
          onChoose={onQuality}
          testId="quality"
        />
        <PlayerMenu
          name={p.speed}
          label={rate === 1 ? p.speed : p.speedOption(rate)}
          choices={[...PLAYBACK_RATES].reverse().map((value) => ({ value, label: p.speedOption(value) }))}
          current={rate}
          onChoose={onRate}
          testId="speed"
        />
        <button
          type="button"
          className="video-controls__button"
          onClick={onFullscreen}
          aria-label={fullscreen ? p.exitFullscreen : p.fullscreen}
        >
          {fullscreen ? <IconShrink /> : <IconExpand />}
        </button>
      </div>
    </div>
  );
}
