/**
 * The download sheet: 清晰度 (the rungs the server offers, with this episode's size) and, for a
 * series, 选集 (several at once; downloaded ones marked), then 开始下载. A non-VIP sees why they
 * cannot download and the way to /mine/vip instead. Refusals of the server (code 4 when the VIP
 * has just run out) are the client's toasts; the sheet stays open then.
 */
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio/react';
import { Link } from 'wouter';
import type { MovieDetail } from '../../../contract/calls/content.ts';
import type { DownloadOptions } from '../../../contract/calls/downloads.ts';
import { Modal } from '../../components/modal.tsx';
import { RadioButton } from '../../components/radio-button.tsx';
import { paths } from '../../lib/route-paths.ts';
import { episodeMessages } from '../movies/episode-messages.ts';
import { showToast } from '../../stores/toast.ts';
import { getDownloadOptions } from './download-calls.ts';
import { formatBytes } from './download-format.ts';
import { startDownload } from './download-manager.ts';
import { downloadMessages as t } from './download-messages.ts';
import { downloadKey, downloadsState } from './download-store.ts';

interface Props {
  movie: MovieDetail;
  episode: number;
  vip: boolean;
  onClose: () => void;
}

/** The rung of an episode nearest the chosen height from below (else its lowest). */
export function rungFor(heights: readonly number[], chosen: number): number {
  const below = heights.filter((h) => h <= chosen);
  return below.length > 0 ? Math.max(...below) : Math.min(...heights);
}

function NotVip({ onClose }: { onClose: () => void }) {
  return (
    <div className="download-sheet__locked" data-testid="download-locked">
      <p className="download-sheet__locked-title">{t.vipOnly}</p>
      <p className="download-sheet__locked-hint">{t.vipHint}</p>
      <Link href={paths.mineVip()} className="button button--primary button--block" onClick={onClose}>
        {t.openVip}
      </Link>
    </div>
  );
}

/** Loaded when 下载 is tapped (download-button.tsx): the sheet and the download manager stay out of the play page's first load. */
export default function DownloadSheet({ movie, episode, vip, onClose }: Props) {
  const { items } = useSnapshot(downloadsState);
  const [options, setOptions] = useState<DownloadOptions | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [height, setHeight] = useState<number | null>(null);
  const [chosen, setChosen] = useState<number[]>([episode]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!vip) return;
    let cancelled = false;
    getDownloadOptions(movie.id, { toast: false }).then(
      (answer) => {
        if (cancelled) return;
        setOptions(answer);
        const heights = answer.episodes.find((e) => e.number === episode)?.rungs.map((r) => r.height) ?? [];
        setHeight(heights.length > 0 ? rungFor(heights, 720) : null);
      },
      (failure: unknown) => !cancelled && setError(failure instanceof Error ? failure.message : String(failure)),
    );
    return () => {
      cancelled = true;
    };
  }, [vip, movie.id, episode]);

  const heights = [...new Set(options?.episodes.flatMap((e) => e.rungs.map((r) => r.height)) ?? [])].sort(
    (a, b) => a - b,
  );
  const current = options?.episodes.find((e) => e.number === episode);
  const series = (options?.episodes.length ?? 0) > 1;
  const start = async () => {
    if (!options || height === null || chosen.length === 0) return;
    setBusy(true);
    try {
      for (const number of chosen) {
        const rungs = options.episodes.find((e) => e.number === number)?.rungs.map((r) => r.height) ?? [];
        if (rungs.length > 0) await startDownload(movie, number, rungFor(rungs, height));
      }
      showToast(t.started, { kind: 'success' });
      onClose();
    } catch {
      // the client has shown the server's message
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={t.sheetTitle}
      className="download-sheet"
      testId="download-sheet"
      dismissible={!busy}
      actions={
        vip && options ? (
          <button
            type="button"
            className="button button--primary button--block"
            disabled={busy || height === null || chosen.length === 0}
            onClick={() => void start()}
            data-testid="download-start"
          >
            {chosen.length === 0 ? t.chooseEpisode : t.start(chosen.length)}
          </button>
        ) : undefined
      }
    >
      {!vip ? (
        <NotVip onClose={onClose} />
      ) : error ? (
        <p className="download-sheet__error" role="alert">
          {error}
        </p>
      ) : !options ? (
        <p className="download-sheet__loading">{t.loadingOptions}</p>
      ) : (
        <>
          <p className="download-sheet__label">{t.quality}</p>
          <div className="download-sheet__qualities" role="radiogroup" aria-label={t.quality}>
            {heights.map((h) => {
              const rung = current?.rungs.find((r) => r.height === h);
              return (
                <RadioButton
                  key={h}
                  checked={h === height}
                  className="download-choice"
                  onClass="is-on"
                  onClick={() => setHeight(h)}
                  data-testid={`download-quality-${h}`}
                >
                  <strong>{t.qualityLabel(h)}</strong>
                  {rung && rung.bytes > 0 && <small>{formatBytes(rung.bytes)}</small>}
                </RadioButton>
              );
            })}
          </div>
          {series && (
            <>
              <p className="download-sheet__label">{t.episodes}</p>
              <div className="download-sheet__episodes">
                {options.episodes.map((e) => {
                  const done = items[downloadKey(movie.id, e.number)]?.status === 'done';
                  const on = chosen.includes(e.number);
                  return (
                    <button
                      key={e.number}
                      type="button"
                      aria-pressed={on}
                      disabled={done}
                      className={on ? 'download-choice is-on' : 'download-choice'}
                      onClick={() =>
                        setChosen((list) =>
                          on ? list.filter((n) => n !== e.number) : [...list, e.number].sort((a, b) => a - b),
                        )
                      }
                      data-testid={`download-episode-${e.number}`}
                    >
                      <strong>{e.number}</strong>
                      {done && <small>{t.downloaded}</small>}
                      {!done && e.title && e.title !== episodeMessages.numbered(e.number) && <small>{e.title}</small>}
                    </button>
                  );
                })}
              </div>
            </>
          )}
          <p className="download-sheet__hint">
            {t.expiresIn(options.downloadDays)} ·{' '}
            <Link href={paths.mineDownloads()} onClick={onClose}>
              {t.manage}
            </Link>
          </p>
        </>
      )}
    </Modal>
  );
}
