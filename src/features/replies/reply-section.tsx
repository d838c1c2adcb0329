/**
 * The replies of a post or the comments of a movie (one engine): the count, the sorts 最早 / 最新 /
 * 最热, the floors paged by cursor as the list scrolls, an empty state inviting the first reply,
 * the jump to a floor (`floor`, from a link or a notice: the list starts there, scrolls to it and
 * highlights it), delete (confirmed) and report, and the composer (composer-dock.tsx).
 *
 * The list is fetched again (refresh) each time the page is shown or the tab comes back, every
 * 30 s while it is visible, after a send, and when a reply queued offline has gone out: another
 * member's reply appears without reloading the list.
 */
import '../posts/posts.css';
import './replies.css';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { Reply } from '../../../contract/calls/content.ts';
import { REPLY_SORTS, type ReplySort } from '../../../contract/enums.ts';
import { ConfirmModal } from '../../components/modal.tsx';
import { InfiniteList } from '../../components/infinite-list.tsx';
import { SegmentTabs } from '../../components/segment-tabs.tsx';
import { SkeletonList } from '../../components/skeleton.tsx';
import { showToast } from '../../stores/toast.ts';
import { ReportSheet } from '../reports/report-sheet.tsx';
import { deleteReply, type ReplyTargetRef } from './reply-calls.ts';
import { ComposerDock, type ComposerHandle } from './composer-dock.tsx';
import { ReplyFloor } from './reply-floor.tsx';
import { refreshMovieScore } from './movie-score.tsx';
import { patchReply, refreshTarget, useReplyList, useSentReplies } from './reply-list-store.ts';
import { replyMessages as t } from './reply-messages.ts';

const REFRESH_EVERY_MS = 30_000;
const HIGHLIGHT_MS = 2_500;
const SORT_TABS = REPLY_SORTS.map((value) => ({ value, label: t.sorts[value] }));

interface ReplySectionProps {
  target: ReplyTargetRef;
  /** The count the page already knows (the post's replyCount, the movie's commentCount). */
  count: number;
  /** Start at this floor (?floor=N). */
  floor?: number | null;
  /** Leaves the floor jump (e.g. drops ?floor from the address). */
  onLeaveFloor?: () => void;
}

/** Refresh when the page is shown again, the tab comes back and every 30 s (queued-replies.ts after queued replies went out). */
function useRefreshes(target: ReplyTargetRef) {
  const refresh = useEffectEvent(() => refreshTarget(target));
  useEffect(() => {
    refresh(); // shown again by the keep-alive (a list not yet started ignores it)
    const onVisible = () => document.visibilityState === 'visible' && refresh();
    const timer = setInterval(onVisible, REFRESH_EVERY_MS);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
}

export default function ReplySection({ target, count, floor = null, onLeaveFloor }: ReplySectionProps) {
  const [sort, setSort] = useState<ReplySort>('oldest');
  const [from, setFrom] = useState<number | null>(floor);
  const [seenFloor, setSeenFloor] = useState(floor);
  if (floor !== seenFloor) {
    setSeenFloor(floor);
    setFrom(floor);
  }
  const list = useReplyList(target, from === null ? sort : 'oldest', from);
  const sent = useSentReplies(target).filter((reply) => !list.items.some((item) => item.id === reply.id));
  const [highlight, setHighlight] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<{ reply: Reply; busy: boolean } | null>(null);
  const [reporting, setReporting] = useState<Reply | null>(null);
  const composer = useRef<ComposerHandle>(null);
  const section = useRef<HTMLElement>(null);
  const jumped = useRef<number | null>(null);
  useRefreshes(target);

  // The jump: once the page starting at the floor is in, scroll to it and light it up.
  useEffect(() => {
    if (from === null || !list.started || jumped.current === from) return;
    jumped.current = from;
    const element = section.current?.querySelector(`#floor-${from}`);
    if (!element) {
      showToast(t.floorMissing(from));
      return;
    }
    element.scrollIntoView({ block: 'center' });
    setHighlight(from);
  }, [from, list.started, list.items]);

  useEffect(() => {
    if (highlight === null) return;
    const timer = setTimeout(() => setHighlight(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlight]);

  const leaveFloor = () => {
    setFrom(null);
    jumped.current = null;
    onLeaveFloor?.();
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleting({ ...deleting, busy: true });
    try {
      await deleteReply(deleting.reply.id);
      patchReply(target, deleting.reply.id, { deleted: true, body: '', images: [], quote: null, mentions: [] });
      showToast(t.deletedToast, { kind: 'success' });
      refreshTarget(target);
      if (target.type === 'movie' && deleting.reply.rating) void refreshMovieScore(target.id).catch(() => undefined);
      setDeleting(null);
    } catch {
      setDeleting({ ...deleting, busy: false }); // the client showed the server's message
    }
  };

  const actions = {
    onReply: (reply: Reply) => composer.current?.open(reply),
    onDelete: (reply: Reply) => setDeleting({ reply, busy: false }),
    onReport: (reply: Reply) => setReporting(reply),
  };
  const total = list.started ? list.total : count;
  const titleId = `replies-${target.type}-${target.id}`;

  return (
    <section className="replies" ref={section} aria-labelledby={titleId} data-testid="replies">
      <header className="replies__head">
        <h2 className="replies__title" id={titleId} data-testid="replies-title">
          {t.title[target.type](total)}
        </h2>
        {from === null && total + sent.length > 0 && (
          <SegmentTabs tabs={SORT_TABS} value={sort} onChange={setSort} label={t.sortLabel} />
        )}
      </header>
      {from !== null && (
        <p className="replies__jump">
          {t.fromFloor(from)}
          <button type="button" className="replies__jump-all" onClick={leaveFloor}>
            {t.fromStart}
          </button>
        </p>
      )}
      {sent.map((reply) => (
        <ReplyFloor key={reply.id} reply={reply} target={target} {...actions} />
      ))}
      <InfiniteList
        layout="list"
        items={list.items}
        loading={list.loading}
        done={list.done}
        error={list.error}
        onMore={list.loadMore}
        keyOf={(reply) => reply.id}
        render={(reply) => (
          <ReplyFloor reply={reply} target={target} highlighted={highlight === reply.floor} {...actions} />
        )}
        skeleton={<SkeletonList layout="list" count={3} />}
        empty={
          sent.length > 0 ? (
            <></>
          ) : (
            <div className="replies__empty" data-testid="replies-empty">
              <p>{t.empty[target.type]}</p>
              <button type="button" className="button button--primary" onClick={() => composer.current?.open(null)}>
                {t.emptyAction}
              </button>
            </div>
          )
        }
        virtualKey={`replies:${titleId}:${sort}:${from ?? ''}`}
      />
      <ComposerDock ref={composer} target={target} />
      <ConfirmModal
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t.deleteTitle}
        confirmLabel={t.deleteConfirm}
        onConfirm={() => void confirmDelete()}
        busy={deleting?.busy}
        confirmTestId="reply-delete-confirm"
      >
        <p>{t.deleteHint}</p>
      </ConfirmModal>
      {reporting && (
        <ReportSheet open target={{ type: 'reply', id: reporting.id }} onClose={() => setReporting(null)} />
      )}
    </section>
  );
}
