/**
 * The video of a member's topic, loaded with the topic only when it has one. While the
 * server's job makes the HLS it shows the state and asks again every few seconds; once ready, the
 * poster with a play button: hls.js (src/features/player/hls-source.ts) is fetched only when it is pressed, then
 * the browser's own controls take over. A fatal error tries the next CDN line once.
 */
import '../publish/release.css';
import '../publish/image-picker.css';
import { useEffect, useRef, useState } from 'react';
import { getTopicVideo } from '../publish/publish-calls.ts';
import type { TopicVideo as Video } from '../../../contract/calls/publish.ts';
import { attachSource, type SourceHandle } from '../player/hls-source.ts';
import { mediaUrl } from '../../stores/media-url.ts';
import { releaseMessages } from '../publish/publish-messages.ts';
import { cdnState, failOver } from '../../stores/cdn.ts';
import { IconPlay } from '../player/player-icons.tsx';

const t = releaseMessages.topicVideo;
const POLL_MS = 4_000;

export default function TopicVideo({ postId, video: first, title }: { postId: number; video: Video; title: string }) {
  const [video, setVideo] = useState(first);
  const [status, setStatus] = useState<'poster' | 'loading' | 'playing' | 'failed'>('poster');
  const element = useRef<HTMLVideoElement>(null);
  const handle = useRef<SourceHandle | null>(null);

  useEffect(() => {
    if (video.state !== 'pending') return;
    const timer = setInterval(() => {
      void getTopicVideo(postId).then(
        (next) => next && next.state !== 'pending' && setVideo(next),
        () => undefined,
      );
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [postId, video.state]);

  useEffect(() => () => handle.current?.destroy(), []);

  const play = async (line = cdnState.active ?? cdnState.lines[0] ?? null, retried = false) => {
    const target = element.current;
    if (!target || !video.playlist) return;
    setStatus('loading');
    handle.current?.destroy();
    const onFatal = () => {
      const next = line && !retried ? failOver(line) : null;
      if (next && next !== line) void play(next, true);
      else setStatus('failed');
    };
    try {
      handle.current = await attachSource(target, mediaUrl(video.playlist, line), onFatal);
      await target.play();
      setStatus('playing');
    } catch {
      setStatus((now) => (now === 'loading' ? 'poster' : now));
    }
  };

  if (video.state !== 'ready') {
    return (
      <div
        className={`topic-video topic-video--${video.state}`}
        data-testid="topic-video"
        data-state={video.state}
        role="status"
      >
        {video.state === 'pending' && <span className="topic-video__spinner" aria-hidden="true" />}
        <span>{video.state === 'pending' ? t.pending : t.failed}</span>
      </div>
    );
  }
  return (
    <div className="topic-video" data-testid="topic-video" data-state={status === 'failed' ? 'failed' : 'ready'}>
      <video
        ref={element}
        className="topic-video__player"
        poster={mediaUrl(video.poster)}
        controls={status === 'playing'}
        playsInline
        preload="none"
        aria-label={title}
        data-testid="topic-video-player"
      />
      {status !== 'playing' && (
        <button
          type="button"
          className="topic-video__play"
          onClick={() => void play()}
          disabled={status === 'loading'}
          aria-label={t.play}
        >
          {status === 'failed' ? <span className="topic-video__error">{t.failed}</span> : <IconPlay />}
        </button>
      )}
    </div>
  );
}
