/**
 * The 离线缓存 list: per download the poster, title and episode, quality, state with progress,
 * size, 剩余 N 天, and 播放 (a finished copy, on the play page from the device), 暂停 / 继续 and 删除.
 */
import { Link } from 'wouter';
import { IconTrash } from '../../components/member-icons.tsx';
import { PosterRow } from '../../components/poster-row.tsx';
import { ProgressBar } from '../../components/progress-bar.tsx';
import { episodeMessages } from '../movies/episode-messages.ts';
import { daysLeft, formatBytes } from './download-format.ts';
import { IconPause, IconResume } from './download-icons.tsx';
import { pauseDownload, resumeDownload } from './download-manager.ts';
import { downloadMessages } from './download-messages.ts';
import type { DownloadRecord } from './download-store.ts';
import { offlinePlayPath } from './offline-play.ts';

const t = downloadMessages.page;

interface ItemProps {
  record: DownloadRecord;
  onRemove: (record: DownloadRecord) => void;
}

export function DownloadItem({ record, onRemove }: ItemProps) {
  const { movie } = record;
  const done = record.status === 'done';
  const percent = record.segments > 0 ? Math.floor((record.saved / record.segments) * 100) : 0;
  const series = movie.episodes.length > 1 || record.episode > 1;
  const running = record.status === 'downloading' || record.status === 'queued';
  const size = done
    ? formatBytes(record.savedBytes)
    : `${formatBytes(record.savedBytes)} / ${formatBytes(record.bytes)}`;
  return (
    <PosterRow
      poster={movie.poster.small}
      title={series ? `${movie.title} · ${episodeMessages.label(record.episode, record.episodeTitle)}` : movie.title}
      className="download-item"
      bodyClassName="download-item__body"
      data-testid="download-item"
      data-status={record.status}
    >
      <p className="download-item__meta">
        <span className="download-item__quality">{downloadMessages.qualityLabel(record.height)}</span>
        <span data-testid="download-size">{size}</span>
        <span data-testid="download-left">{t.left(daysLeft(record.expiresAt))}</span>
      </p>
      {!done && (
        <div className="download-item__progress">
          <ProgressBar value={percent} max={100} label={`${t.states[record.status]} ${percent}%`} />
          <span className="download-item__state" data-testid="download-progress">
            {record.status === 'failed' && record.error ? record.error : `${t.states[record.status]} ${percent}%`}
          </span>
        </div>
      )}
      <div className="download-item__actions">
        {done ? (
          <Link
            href={offlinePlayPath(movie.id, record.episode)}
            className="download-item__play"
            data-testid="download-play"
          >
            <IconResume />
            {t.play}
          </Link>
        ) : (
          <button
            type="button"
            className="download-item__action"
            onClick={() => (running ? pauseDownload : resumeDownload)(record.key)}
            data-testid={running ? 'download-pause' : 'download-resume'}
          >
            {running ? <IconPause /> : <IconResume />}
            {running ? t.pause : t.resume}
          </button>
        )}
        <button
          type="button"
          className="download-item__action download-item__action--remove"
          onClick={() => onRemove(record)}
          aria-label={`${t.remove} ${movie.title}`}
          data-testid="download-remove"
        >
          <IconTrash />
          {t.remove}
        </button>
      </div>
    </PosterRow>
  );
}
