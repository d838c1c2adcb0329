/**
 * The HLS player of /movie/play/{id}. The playlist key is joined to the active CDN line; a fatal
 * network or media error fails over to the next line (stores/cdn.ts), each line tried once, and
 * playback resumes at the same position (and keeps playing if it was). 播放源 (play-sources.ts):
 * an episode may play from the title's own video and from external HLS URLs (absolute, never
 * joined to a line); once every line failed, or on an external source's fatal error, the next
 * source not tried yet plays from the same position, with a toast naming it, and the failure shows
 * only when every source failed. With two sources or more, the bar's 播放源 menu chooses one by
 * hand, and the choice holds for the title's next episodes in this session. The start position comes
 * from the watch history (seek on loadedmetadata); the position is saved every few seconds, on
 * pause, when the page is hidden and on leaving. A trial playlist simply ends: then an overlay
 * offers VIP. Controls: center play button, bottom bar (video-controls.tsx), and at the top right
 * 跳过片头片尾 (a series with marks) and 画中画. The bars hide after 3 s of playing, but never while
 * one of the player's menus or panels is open (a button of it has aria-expanded) nor while the
 * mouse rests on a bar, a menu or a panel; any press in the player starts the 3 s again.
 *
 * The start (autoplay.ts): reached by a tap, it plays once loaded (muted, with 点击开启声音, where the
 * browser refuses sound); opened directly, it waits for the play button.
 *
 * Touch (use-player-gestures.ts): tap shows or hides the controls, double tap plays or pauses, a
 * hold plays at 3x, swipes seek, and change brightness (left) or volume (right); a mouse click
 * plays or pauses. Keys on the page (use-player-keys.ts): space/k, ←/→, ↑/↓, f, m. The platform:
 * Media Session, Wake Lock, landscape in fullscreen on a phone, the last volume and speed.
 *
 * Episodes: the page passes the episode's playlist; a new one (another episode) loads in place,
 * from that episode's saved position, and keeps playing. The history records the episode.
 * 清晰度 (quality.ts): 自动 and the stream's rungs as hls.js reports them; the choice is saved on
 * the device and applies to the next videos too.
 *
 * Danmaku (features/danmaku/use-player-danmaku.tsx): the layer over the video, the buttons and
 * panels inside the player, and the send bar (in the control bar on wide screens and in
 * fullscreen, under the player on phones). The controls stay shown while the send bar has the focus.
 */
import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import type { MovieCard, PlaySourceChoice, WatchPosition } from '../../../contract/calls/content.ts';
import { attachSource } from './hls-source.ts';
import { mediaUrl } from '../../stores/media-url.ts';
import { useFullscreen } from './use-fullscreen.ts';
import { useWatchHeartbeat } from './watch-heartbeat.ts';
import { messages } from '../../messages.ts';
import { cdnState, failOver, useCdnLines } from '../../stores/cdn.ts';
import { useWatchPosition } from './use-watch-position.ts';
import { showToast } from '../../stores/toast.ts';
import { IconPlay } from './player-icons.tsx';
import { VideoControls } from './video-controls.tsx';
import { usePlayerDanmaku } from '../danmaku/use-player-danmaku.tsx';
import { loadQuality, qualityOptions, saveQuality, type Quality } from './quality.ts';
import type { SourceHandle } from './hls-source.ts';
import { PlayerIndicator, useIndicator } from './player-indicator.tsx';
import { usePlayerGestures } from './use-player-gestures.ts';
import { usePlayerKeys } from './use-player-keys.ts';
import { usePlaybackPrefs } from './use-playback-prefs.ts';
import { useWakeLock } from './use-wake-lock.ts';
import { useOrientationLock } from './use-orientation-lock.ts';
import { useMediaSession } from './use-media-session.ts';
import { usePictureInPicture } from './use-picture-in-picture.ts';
import { PipButton } from './pip-button.tsx';
import { episodeMessages } from '../movies/episode-messages.ts';
import { useSkipMarks, type SkipMarks } from './use-skip-marks.ts';
import { SkipMarksMenu } from './skip-marks-menu.tsx';
import { arrivedByTap, startPlaying } from './autoplay.ts';
import { UnmuteButton } from './unmute-button.tsx';
import { isOwnSource, nextSource, rememberSource, startSource } from './play-sources.ts';
import { playerMessages } from './player-messages.ts';

const HIDE_CONTROLS_MS = 3_000;
/** What the mouse may rest on without the bars hiding: the bars, the menus' lists, the danmaku's panels. */
const CONTROLS_SELECTOR = '.video-controls, .video-player__top, .player-corner, .player-menu__list, .danmaku-panel';

interface VideoPlayerProps {
  movie: MovieCard;
  /** The episode's number (1 for a film). */
  episode: number;
  /** Where the episode plays (/movie/play's sources: never empty); a new array is a new ticket. */
  sources: readonly PlaySourceChoice[];
  /** Drawn over the video at the top (back button, title, trial banner). */
  header: ReactNode;
  /** Shown over the video when it ended (the trial's end). */
  endOverlay?: ReactNode;
  /** Where the server says this viewer is in the title (/movie/play); the newer of it and the device's wins. */
  progress?: WatchPosition | null;
  /** A series' next and previous episodes (Media Session's track buttons; none: no such button). */
  onNextEpisode?: () => void;
  onPreviousEpisode?: () => void;
  /** A series' intro and outro marks, skipped while 跳过片头片尾 is on (use-skip-marks.ts); null: none. */
  marks?: SkipMarks | null;
  /** The stream's first data has come (or it failed): what waited for the line may load now. */
  onSettled?: () => void;
}

export function VideoPlayer({
  movie,
  episode,
  sources,
  header,
  endOverlay,
  progress,
  onNextEpisode,
  onPreviousEpisode,
  marks = null,
  onSettled,
}: VideoPlayerProps) {
  const wrapper = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const { active, lines } = useCdnLines();
  // The source playing, and those that failed (this ticket's): a new ticket starts from the choice.
  const [pick, setPick] = useState(() => ({ sources, index: startSource(movie.id, sources), tried: [] as number[] }));
  if (pick.sources !== sources) setPick({ sources, index: startSource(movie.id, sources), tried: [] });
  const sourceIndex =
    pick.sources === sources ? Math.min(pick.index, sources.length - 1) : startSource(movie.id, sources);
  const playingSource = sources[sourceIndex]!;
  const own = isOwnSource(playingSource);
  const playlist = playingSource.playlist;
  const [source, setSource] = useState<{ line: string | null; tried: readonly string[] }>({ line: null, tried: [] });
  // The line a playlist was first attached from stays while it plays: a line race won later, or the
  // lines arriving from /system/init, serve the next playlist; only a failure moves this one.
  const [pinned, setPinned] = useState<{ playlist: string; line: string } | null>(null);
  const chosen = source.line ?? active ?? lines[0] ?? null;
  const line = !source.line && pinned?.playlist === playlist ? pinned.line : chosen;
  if (own && line && pinned?.playlist !== playlist) setPinned({ playlist, line });
  // An external source is its own address (mediaUrl passes absolute URLs through).
  const url = mediaUrl(playlist, line);

  const [status, setStatus] = useState<'loading' | 'ready' | 'failed' | 'ended'>('loading');
  const settled = status !== 'loading';
  useEffect(() => {
    if (settled) onSettled?.();
  }, [settled, onSettled]);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState({ current: 0, duration: 0 });
  const [rate, setRate] = useState(1);
  const [controlsShown, setControlsShown] = useState(true);
  /** Bumped by each press in the player: the bars' 3 s start again. */
  const [pressed, setPressed] = useState(0);
  /** The mouse rests on a bar, a menu or a panel (set as it moves). */
  const mouseOnControls = useRef(false);
  const [fullscreen, toggleFullscreen] = useFullscreen(wrapper, video);
  useWatchHeartbeat(video, movie.id, episode); // playing time for the daily watch task, the server's history
  const startAt = useWatchPosition(video, movie, episode, progress); // saving and restoring the position
  /** Where the source starts once loaded; null: where the history says (read then, once it is hydrated). */
  const resumeAt = useRef<number | null>(null);
  // Arrived by a tap: it plays once loaded (autoplay.ts); opened directly: the big play button.
  const wasPlaying = useRef(arrivedByTap());
  const [heights, setHeights] = useState<number[]>([]);
  const [quality, setQuality] = useState<Quality>(loadQuality);
  const sourceHandle = useRef<SourceHandle | null>(null);
  const danmaku = usePlayerDanmaku(movie.id, wrapper, video, fullscreen);
  const [typing, setTyping] = useState(false); // in the send bar

  // Another episode (declared before the source's effect, so this runs first): the one leaving
  // keeps its position under its own number (use-watch-position.ts), the new one starts from its
  // saved position and plays.
  useEffect(() => {
    resumeAt.current = null;
    const element = video.current;
    return () => {
      if (element) wasPlaying.current = true;
    };
  }, [movie, episode, startAt]);

  // Once a source has loaded: back to the position, speed and play state it had (the current speed:
  // changing the speed must not reload the source).
  const restore = useEffectEvent((element: HTMLVideoElement) => {
    const at = resumeAt.current ?? startAt();
    if (at > 0 && at < element.duration) element.currentTime = at;
    element.playbackRate = rate;
    if (wasPlaying.current) void startPlaying(element);
    setStatus('ready');
  });

  // A fatal error: the own source's next line not tried yet, else the next source, from the same position.
  const switchLine = useEffectEvent((element: HTMLVideoElement) => {
    resumeAt.current = element.currentTime || resumeAt.current;
    wasPlaying.current = !element.paused || wasPlaying.current;
    if (own && line) {
      const tried = [...source.tried, line];
      const next = failOver(line);
      const untried =
        next && !tried.includes(next) ? next : cdnState.lines.find((candidate) => !tried.includes(candidate));
      if (untried) {
        showToast(messages.play.switchingLine);
        return setSource({ line: untried, tried });
      }
    }
    const failed = [...pick.tried, sourceIndex];
    const next = nextSource(sources.length, sourceIndex, failed);
    if (next === null) return setStatus('failed');
    showToast(playerMessages.sourceSwitched(sources[next]!.name));
    setPick({ sources, index: next, tried: failed });
  });

  // A source chosen by hand: it plays from here (and the own one tries every line again); the
  // choice holds for the title's next episodes.
  const chooseSource = (index: number) => {
    const element = video.current;
    if (index === sourceIndex || !sources[index]) return;
    if (element && element.readyState > 0) {
      resumeAt.current = element.currentTime || resumeAt.current;
      wasPlaying.current = !element.paused;
    }
    rememberSource(movie.id, sources[index].name);
    if (isOwnSource(sources[index])) setSource((was) => ({ ...was, tried: [] }));
    setPick({ sources, index, tried: [] });
  };

  // A new ticket for the same episode (bought after the trial): it plays on from where it was. The
  // position is read on the way out, before the source's clean-up (declared after) detaches it.
  const shownSource = useRef({ episode, sources, at: 0 });
  useEffect(() => {
    const element = video.current;
    const before = shownSource.current;
    shownSource.current = { episode, sources, at: 0 };
    if (before.episode === episode && before.sources !== sources && before.at > 0) {
      resumeAt.current = before.at;
      wasPlaying.current = true;
    }
    return () => {
      if (element) shownSource.current.at = element.currentTime;
    };
  }, [episode, sources]);

  // Attach the source.
  useEffect(() => {
    const element = video.current;
    if (!element || !url) return;
    let handle: { destroy(): void } | null = null;
    let cancelled = false;
    setStatus('loading');
    const onLoaded = () => restore(element);
    element.addEventListener('loadedmetadata', onLoaded, { once: true });
    attachSource(element, url, () => !cancelled && switchLine(element), {
      quality: loadQuality(),
      onLevels: (levels) => !cancelled && setHeights(levels),
      cancelled: () => cancelled,
    }).then(
      (attached) => {
        if (cancelled) return attached.destroy();
        handle = attached;
        sourceHandle.current = attached;
      },
      () => !cancelled && setStatus('failed'),
    );
    return () => {
      cancelled = true;
      element.removeEventListener('loadedmetadata', onLoaded);
      if (sourceHandle.current === handle) sourceHandle.current = null;
      handle?.destroy();
    };
  }, [url]);

  // Controls hide after a while of playing, unless held (an open menu or panel, the mouse on them):
  // then they are looked at again a while later. Any pointer movement shows them again.
  const held = useEffectEvent(
    () => mouseOnControls.current || wrapper.current?.querySelector('[aria-expanded="true"]') != null,
  );
  useEffect(() => {
    if (!playing || !controlsShown || typing) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      timer = setTimeout(() => (held() ? arm() : setControlsShown(false)), HIDE_CONTROLS_MS);
    };
    arm();
    return () => clearTimeout(timer);
  }, [playing, controlsShown, typing, pressed]);

  const toggle = () => {
    const element = video.current;
    if (!element) return;
    if (status === 'ended') element.currentTime = 0;
    // The wish to play is kept: a tap while the source is still loading plays once it is ready.
    wasPlaying.current = element.paused;
    if (element.paused) void element.play().catch(() => undefined);
    else element.pause();
  };
  const seek = (seconds: number) => {
    const element = video.current;
    if (element) element.currentTime = Math.max(0, Math.min(seconds, element.duration || seconds));
  };
  const [indicator, showIndicator] = useIndicator();
  const gestures = usePlayerGestures(video, {
    onTap: () => setControlsShown((shown) => !shown),
    onDoubleTap: toggle,
    onMouseClick: toggle,
    show: showIndicator,
  });
  usePlayerKeys(video, { toggle, toggleFullscreen, show: showIndicator });
  usePlaybackPrefs(video);
  useWakeLock(video);
  useOrientationLock(fullscreen, video);
  const series = Boolean(onNextEpisode ?? onPreviousEpisode) || episode > 1;
  useMediaSession(
    video,
    {
      title: movie.title,
      artist: series ? episodeMessages.label(episode, '') : '',
      album: movie.title,
      artwork: mediaUrl(movie.poster.large, line),
    },
    { onNextEpisode, onPreviousEpisode },
  );
  const pip = usePictureInPicture(video);
  useSkipMarks(video, marks, () => {
    // The outro skipped: to the end, where the next episode's countdown starts.
    const element = video.current;
    if (!element) return;
    element.pause();
    if (Number.isFinite(element.duration)) element.currentTime = element.duration;
    wasPlaying.current = false;
    setStatus('ended');
  });

  const showControls = controlsShown || !playing || typing;
  return (
    <>
      <div
        ref={wrapper}
        className={`video-player${showControls ? ' is-controls' : ''}`}
        tabIndex={-1}
        onPointerMove={(event) => {
          if (event.pointerType !== 'mouse') return;
          mouseOnControls.current = (event.target as Element).closest(CONTROLS_SELECTOR) !== null;
          setControlsShown(true);
        }}
        onPointerLeave={() => (mouseOnControls.current = false)}
        onPointerDownCapture={() => setPressed((count) => count + 1)}
        onClick={() => setControlsShown(true)}
      >
        <video
          ref={video}
          className="video-player__video"
          data-testid="player"
          playsInline
          preload="metadata"
          {...gestures.handlers}
          style={gestures.brightness === 1 ? undefined : { filter: `brightness(${gestures.brightness})` }}
          onPlay={() => {
            setPlaying(true);
            wasPlaying.current = true;
            setStatus((s) => (s === 'ended' ? 'ready' : s));
          }}
          onPause={(event) => {
            setPlaying(false);
            // A pause of a source being replaced (another CDN line, a bought ticket: readyState
            // is back to 0) is not the viewer's: the next source plays on.
            const element = event.currentTarget;
            if (!element.ended && element.readyState > 0) wasPlaying.current = false;
          }}
          onEnded={() => {
            setStatus('ended');
            wasPlaying.current = false;
          }}
          onTimeUpdate={(event) => {
            const element = event.currentTarget;
            setTime({
              current: element.currentTime,
              duration: Number.isFinite(element.duration) ? element.duration : 0,
            });
          }}
          onDurationChange={(event) => {
            const duration = Number.isFinite(event.currentTarget.duration) ? event.currentTarget.duration : 0;
            setTime((t) => ({ ...t, duration }));
          }}
          onRateChange={(event) => setRate(event.currentTarget.playbackRate)}
        />
        {danmaku.layer}
        <div className="video-player__top">{header}</div>
        <div className="player-corner">
          {marks?.introEndS || marks?.outroStartS ? <SkipMarksMenu /> : null}
          <PipButton pip={pip} />
        </div>
        <PlayerIndicator indicator={indicator} />
        {status === 'loading' && (
          <span className="spinner video-player__spinner" role="status" aria-label={messages.play.loading} />
        )}
        {status === 'failed' && (
          <p className="video-player__failed" role="alert">
            {messages.play.failed}
          </p>
        )}
        {status === 'ended' && endOverlay}
        <UnmuteButton video={video} />
        {!playing && status !== 'failed' && !(status === 'ended' && endOverlay) && (
          <button
            type="button"
            className="video-player__big-play"
            onClick={(event) => {
              event.stopPropagation();
              toggle();
            }}
            aria-label={messages.play.play}
            data-testid="play-toggle"
          >
            <IconPlay />
          </button>
        )}
        <VideoControls
          playing={playing}
          current={time.current}
          duration={time.duration}
          rate={rate}
          fullscreen={fullscreen}
          onToggle={toggle}
          onSeek={seek}
          onRate={(next) => video.current && (video.current.playbackRate = next)}
          onFullscreen={toggleFullscreen}
          qualities={qualityOptions(heights)}
          quality={qualityOptions(heights).includes(quality) ? quality : 'auto'}
          onQuality={(next) => {
            setQuality(next);
            saveQuality(next);
            sourceHandle.current?.setQuality(next);
          }}
          sources={
            sources.length > 1
              ? { names: sources.map((choice) => choice.name), current: sourceIndex, onChoose: chooseSource }
              : undefined
          }
          danmaku={danmaku.buttons}
          sendBar={danmaku.sendInBar ? danmaku.sendBar : undefined}
          onTyping={setTyping}
        />
        {danmaku.panel}
      </div>
      {!danmaku.sendInBar && danmaku.sendBar}
    </>
  );
}
