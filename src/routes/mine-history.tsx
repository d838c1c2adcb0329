/**
 * Watch and read history (/mine/history), from the IndexedDB history store (src/features/history/history-store.ts),
 * so it works offline: grouped by day (今天 / 昨天 / 更早); a watch entry shows the poster,
 * "上次看到 hh:mm:ss" (or 已看完), a progress bar and "继续观看 m:ss", which opens the player at the
 * saved position (the player resumes from this store); a read entry is the post's card. Each list
 * can be cleared. Opening it merges the server's watch history (history-sync.ts, the other
 * devices' titles); clearing the watch list clears the server's too.
 */
import '../styles/member.css';
import { useEffect, useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio/react';
import { Link } from 'wouter';
import { paths } from '../lib/route-paths.ts';
import { IconTrash } from '../components/member-icons.tsx';
import { ConfirmModal } from '../components/modal.tsx';
import { PostCard } from '../features/posts/post-card.tsx';
import { PosterRow } from '../components/poster-row.tsx';
import { ProgressBar } from '../components/progress-bar.tsx';
import { SegmentTabs, type SegmentTab } from '../components/segment-tabs.tsx';
import { firstTabWithContent } from '../lib/first-tab.ts';
import { formatClock, formatDuration, formatRelativeTime } from '../lib/format.ts';
import { groupByDay } from '../features/history/history-groups.ts';
import { historyMessages } from '../features/history/history-messages.ts';
import { savedMessages } from '../features/saved/saved-messages.ts';
import { episodeMessages } from '../features/movies/episode-messages.ts';
import { messages } from '../messages.ts';
import {
  clearReadHistory,
  clearWatchHistory,
  historyState,
  resumePosition,
  type HistoryState,
  type WatchEntry,
} from '../features/history/history-store.ts';
import { loadChunk } from '../lib/load-chunk.ts';

type Kind = 'watch' | 'read';
const historySync = () => loadChunk(() => import('../features/history/history-sync.ts'));
const ignore = () => undefined;
const t = historyMessages.history;
const KINDS: readonly Kind[] = ['watch', 'read'];
const TABS: readonly SegmentTab<Kind>[] = KINDS.map((value) => ({
  value,
  label: t.tabs[value],
}));

function WatchItem({ entry }: { entry: WatchEntry }) {
  const { movie } = entry;
  const percent = entry.duration > 0 ? Math.min(100, Math.round((entry.position / entry.duration) * 100)) : 0;
  const episode = entry.episode ?? 1;
  const resumeAt = resumePosition(movie.id, episode);
  return (
    <PosterRow
      poster={movie.poster.small}
      href={paths.movie(movie.id)}
      title={episode > 1 ? `${movie.title} · ${episodeMessages.numbered(episode)}` : movie.title}
      data-testid="watch-item"
    >
      <p className="watch-item__meta" data-testid="watch-item-meta">
        {formatRelativeTime(entry.at)} · {resumeAt > 0 ? t.watchedTo(formatDuration(resumeAt)) : t.watchedAll}
      </p>
      <ProgressBar value={percent} max={100} label={t.progress(percent)} />
      <Link href={paths.moviePlay(movie.id, episode)} className="watch-item__resume" data-testid="resume-link">
        {resumeAt > 0 ? t.resume(formatClock(resumeAt)) : messages.play.replay}
      </Link>
    </PosterRow>
  );
}

/** Entries of one kind, grouped by day. */
function DayGroups<E extends { at: number }>({
  entries,
  className,
  render,
}: {
  entries: readonly E[];
  className: string;
  render: (entry: E) => ReactNode;
}) {
  return groupByDay(entries, Date.now()).map(({ group, entries: items }) => (
    <section key={group} className="history-group" aria-label={t.groups[group]}>
      <h2 className="history-group__title">{t.groups[group]}</h2>
      <div className={className}>{items.map(render)}</div>
    </section>
  ));
}

export default function MineHistoryScreen() {
  // Snapshots are deeply readonly; the cards only read them.
  const history = useSnapshot(historyState) as HistoryState;
  const [kind, setKind] = useState<Kind>(() => firstTabWithContent(KINDS, (tab) => history[tab].length));
  const [confirming, setConfirming] = useState(false);
  const count = kind === 'watch' ? history.watch.length : history.read.length;
  useEffect(() => {
    // The other devices' titles (silent; offline the device's list stands); loaded apart (not needed to show the list).
    historySync().then(({ syncWatchHistory }) => syncWatchHistory(), ignore);
  }, []);

  const clear = () => {
    if (kind === 'watch') {
      clearWatchHistory();
      historySync().then(({ clearServerHistory }) => clearServerHistory(), ignore);
    } else clearReadHistory();
    setConfirming(false);
  };

  return (
    <div className="member-list-page">
      <div className="history-tabs">
        <SegmentTabs tabs={TABS} value={kind} onChange={setKind} label={t.label} />
        {count > 0 && (
          <button
            type="button"
            className="history-tabs__clear"
            onClick={() => setConfirming(true)}
            data-testid="history-clear"
          >
            <IconTrash />
            {t.clear}
          </button>
        )}
      </div>
      {count === 0 ? (
        <div className="empty-state member-empty">
          <p className="member-empty__title">{kind === 'watch' ? t.emptyWatch : t.emptyRead}</p>
          <p className="member-empty__hint">{t.hint[kind]}</p>
          <Link href={kind === 'watch' ? paths.movieList() : paths.forumList()} className="button button--ghost">
            {savedMessages.like.browse}
          </Link>
        </div>
      ) : kind === 'watch' ? (
        <DayGroups
          entries={history.watch}
          className="watch-list"
          render={(entry) => <WatchItem key={entry.movie.id} entry={entry} />}
        />
      ) : (
        <DayGroups
          entries={history.read}
          className="row-list"
          render={(entry) => <PostCard key={entry.post.id} post={entry.post} showGroup />}
        />
      )}
      {count > 0 && <p className="list-state">{t.hint[kind]}</p>}
      <ConfirmModal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t.clearTitle[kind]}
        confirmLabel={t.clearConfirm}
        onConfirm={clear}
        confirmTestId="history-clear-confirm"
      >
        <p>{t.clearText}</p>
      </ConfirmModal>
    </div>
  );
}
