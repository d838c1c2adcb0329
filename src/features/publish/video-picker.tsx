/**
 * The topic's video: a picker, then the upload's card (src/features/publish/release-draft.ts runs the upload):
 * the phase, a progress bar (hashing, then bytes held by the server), speed and time left, and
 * pause / resume / remove. Once merged, the state of the server's HLS job (polled). After a reload the
 * upload waits paused, with its progress as the server confirmed it.
 */
import { useEffect, useRef, type ChangeEvent } from 'react';
import { useSnapshot } from 'valtio/react';
import { formatClock } from '../../lib/format.ts';
import { uploadMimeOf, withinLimit } from './upload/chunk-plan.ts';
import type { UploadProgress } from './upload/chunk-uploader.ts';
import { formatBytes } from './upload/transfer-meter.ts';
import { releaseMessages as t } from './publish-messages.ts';
import {
  chooseVideo,
  pauseVideo,
  refreshVideoState,
  releaseDraft,
  removeVideo,
  resumeVideo,
  videoUpload,
} from './release-draft.ts';
import { showToast } from '../../stores/toast.ts';

const JOB_POLL_MS = 5_000;
const ACCEPT = 'video/mp4,video/quicktime,video/webm,video/x-matroska,.mkv,.mov';

const percentOf = (part: number, whole: number): number => (whole > 0 ? Math.floor((part / whole) * 100) : 0);

function phaseText(progress: UploadProgress): string {
  if (progress.phase === 'failed' && progress.error) return `${t.phase.failed}：${progress.error}`;
  if (progress.phase === 'hashing') return t.phase.hashing(percentOf(progress.hashedBytes, progress.totalBytes));
  if (progress.phase === 'done' && progress.result?.video) return t.videoState[progress.result.video.state];
  return t.phase[progress.phase];
}

export function VideoPicker() {
  const { video } = useSnapshot(releaseDraft);
  const { progress, file } = useSnapshot(videoUpload);
  const input = useRef<HTMLInputElement>(null);
  const transcoding = progress?.phase === 'done' && progress.result?.video?.state === 'pending';

  // While the server makes the HLS, its state is asked again every few seconds.
  useEffect(() => {
    if (!transcoding) return;
    const timer = setInterval(() => void refreshVideoState(), JOB_POLL_MS);
    return () => clearInterval(timer);
  }, [transcoding]);

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    event.target.value = '';
    if (!picked) return;
    const mime = uploadMimeOf(picked);
    if (!mime || !mime.startsWith('video/')) return showToast(t.videoNotVideo, { kind: 'error' });
    if (!withinLimit(mime, picked.size)) return showToast(t.videoTooLarge, { kind: 'error' });
    void chooseVideo(picked, mime);
  };

  const picker = (
    <input ref={input} type="file" accept={ACCEPT} hidden onChange={pick} data-testid="release-video-input" />
  );
  if (!video || !progress) {
    return (
      <>
        <button
          type="button"
          className="video-drop"
          onClick={() => input.current?.click()}
          data-testid="release-add-video"
        >
          <span className="video-drop__plus" aria-hidden="true">
            +
          </span>
          <span className="video-drop__title">{t.addVideo}</span>
          <span className="video-drop__hint">{t.videoHint}</span>
        </button>
        {picker}
      </>
    );
  }

  const { phase } = progress;
  const hashing = phase === 'hashing';
  const percent = percentOf(hashing ? progress.hashedBytes : progress.sentBytes, progress.totalBytes);
  const lost = !file && phase !== 'done';
  const active = ['hashing', 'checking', 'uploading', 'merging'].includes(phase);
  return (
    <div className={`upload-card is-${phase}`} data-testid="release-video" data-phase={phase}>
      <div className="upload-card__head">
        <span className="upload-card__name">{video.name}</span>
        <span className="upload-card__size">{formatBytes(video.size)}</span>
      </div>
      <div
        className="upload-bar"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label={phaseText(progress)}
      >
        <span className={`upload-bar__fill${hashing ? ' is-hashing' : ''}`} style={{ width: `${percent}%` }} />
      </div>
      <div className="upload-card__status" aria-live="polite">
        <span data-testid="release-video-status">{lost ? t.fileLost : phaseText(progress)}</span>
        {phase === 'uploading' && (
          <span className="upload-card__rate">
            {formatBytes(progress.sentBytes)} / {formatBytes(progress.totalBytes)}
            {progress.speed > 0 && ` · ${t.speed(formatBytes(progress.speed))}`}
            {progress.secondsLeft !== null && ` · ${t.timeLeft(formatClock(progress.secondsLeft))}`}
          </span>
        )}
        {!hashing && phase !== 'uploading' && phase !== 'done' && <span className="upload-card__rate">{percent}%</span>}
      </div>
      <div className="upload-card__actions">
        {active && phase !== 'merging' && (
          <button type="button" className="button button--ghost" onClick={pauseVideo} data-testid="release-video-pause">
            {t.pause}
          </button>
        )}
        {(phase === 'paused' || (phase === 'failed' && !progress.fatal)) && !lost && (
          <button
            type="button"
            className="button button--primary"
            onClick={resumeVideo}
            data-testid="release-video-resume"
          >
            {t.resume}
          </button>
        )}
        {(progress.fatal || lost) && (
          <button type="button" className="button button--primary" onClick={() => input.current?.click()}>
            {t.chooseAgain}
          </button>
        )}
        <button
          type="button"
          className="button button--ghost"
          onClick={() => void removeVideo()}
          data-testid="release-video-remove"
        >
          {t.remove}
        </button>
      </div>
      {picker}
    </div>
  );
}
