/**
 * 下载 on the play page: for a VIP it opens the download sheet (清晰度, and 选集 for a series) and
 * shows this episode's state (下载中 N%, 已下载); for anyone else the button itself says why
 * (离线下载为 VIP 专享) and its sheet leads to /mine/vip. The server refuses them as well.
 */
import './downloads.css';
import { lazy, Suspense, useState } from 'react';
import { useSnapshot } from 'valtio/react';
import type { MovieDetail } from '../../../contract/calls/content.ts';
import { loadChunk } from '../../lib/load-chunk.ts';
import { userState } from '../../stores/user.ts';
import { isVipActive } from '../vip/vip-status.ts';
import { IconDownload } from './download-icons.tsx';
import { downloadMessages as t } from './download-messages.ts';
import { downloadKey, downloadsState } from './download-store.ts';

const DownloadSheet = lazy(() => loadChunk(() => import('./download-sheet.tsx')));

export function DownloadButton({ movie, episode }: { movie: MovieDetail; episode: number }) {
  const { info } = useSnapshot(userState);
  const { items } = useSnapshot(downloadsState);
  const [open, setOpen] = useState(false);
  const vip = info !== null && isVipActive(info);
  const record = items[downloadKey(movie.id, episode)];
  const state =
    record?.status === 'done'
      ? t.downloaded
      : record && record.segments > 0 && record.status !== 'failed'
        ? `${t.downloading} ${Math.floor((record.saved / record.segments) * 100)}%`
        : null;
  return (
    <>
      <button
        type="button"
        className={vip ? 'download-button' : 'download-button is-locked'}
        data-testid="download-button"
        onClick={() => setOpen(true)}
        title={vip ? undefined : t.vipOnly}
      >
        <IconDownload className="download-button__icon" />
        <span>{state ?? t.button}</span>
        {!vip && <span className="download-button__reason">{t.vipOnly}</span>}
      </button>
      {open && (
        <Suspense fallback={null}>
          <DownloadSheet movie={movie} episode={episode} vip={vip} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
