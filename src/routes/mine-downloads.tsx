/**
 * 离线缓存 (/mine/downloads): the quota meter (已用 X / 可用 Y, or 暂无缓存; storage-quota.ts) and the
 * downloads from the device's records (features/downloads/), newest first, each with its progress,
 * 暂停 / 继续, 删除 and 播放; 全部删除. Expired copies are deleted when the page opens. Works offline.
 */
import '../features/downloads/downloads.css';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio/react';
import { ConfirmModal } from '../components/modal.tsx';
import { ProgressBar } from '../components/progress-bar.tsx';
import { DownloadItem } from '../features/downloads/download-list.tsx';
import { formatBytes } from '../features/downloads/download-format.ts';
import { removeAllDownloads, removeDownload, removeExpiredDownloads } from '../features/downloads/download-manager.ts';
import { downloadMessages } from '../features/downloads/download-messages.ts';
import { downloadsState, sortedDownloads, type DownloadRecord } from '../features/downloads/download-store.ts';
import { useStorageFigures } from '../features/downloads/storage-quota.ts';
import { IconDownload } from '../features/downloads/download-icons.tsx';

const t = downloadMessages.page;

function QuotaMeter() {
  const figures = useStorageFigures();
  if (figures === undefined) return <div className="download-quota" aria-busy="true" />;
  return (
    <div className="download-quota" data-testid="download-quota">
      {figures ? (
        <>
          <ProgressBar value={figures.used} max={figures.used + figures.available} />
          <p className="download-quota__text" data-testid="download-quota-text" data-used={figures.used}>
            {figures.used > 0
              ? t.used(formatBytes(figures.used), formatBytes(figures.available))
              : t.none(formatBytes(figures.available))}
          </p>
        </>
      ) : (
        <p className="download-quota__text">{t.quotaUnknown}</p>
      )}
    </div>
  );
}

type Removing = DownloadRecord | 'all' | null;

export default function MineDownloadsScreen() {
  const { items } = useSnapshot(downloadsState);
  const [removing, setRemoving] = useState<Removing>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void removeExpiredDownloads();
  }, []);
  const list = sortedDownloads(items as Record<string, DownloadRecord>);
  const remove = async () => {
    setBusy(true);
    try {
      if (removing === 'all') await removeAllDownloads();
      else if (removing) await removeDownload(removing.key);
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  };
  return (
    <div className="downloads-page">
      <QuotaMeter />
      {list.length === 0 ? (
        <div className="downloads-empty" data-testid="downloads-empty">
          <IconDownload className="downloads-empty__icon" />
          <p>{t.empty}</p>
          <p className="downloads-empty__hint">{t.emptyHint}</p>
        </div>
      ) : (
        <>
          <div className="downloads-page__bar">
            <button
              type="button"
              className="downloads-page__clear"
              onClick={() => setRemoving('all')}
              data-testid="downloads-clear"
            >
              {t.removeAll}
            </button>
          </div>
          <div className="downloads-page__list">
            {list.map((record) => (
              <DownloadItem key={record.key} record={record} onRemove={setRemoving} />
            ))}
          </div>
        </>
      )}
      <ConfirmModal
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={removing === 'all' ? t.removeAllConfirm : t.removeConfirm}
        confirmLabel={t.remove}
        onConfirm={() => void remove()}
        busy={busy}
        confirmTestId="download-remove-confirm"
      >
        {removing && removing !== 'all' && <p>{removing.movie.title}</p>}
      </ConfirmModal>
    </div>
  );
}
