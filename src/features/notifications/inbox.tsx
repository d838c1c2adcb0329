/**
 * The inbox (/mine/message): tabs 回复我的, @我的, 收到的赞, 系统通知 with their unread counts, the
 * notices of the chosen tab as an infinite list by cursor, and the push settings beside it.
 *
 * Reading: once a tab's notices are shown, the tab is marked read (/notice/read {type}), which
 * clears its count, the tab bar's and the app icon's; the notices keep their unread dot until the
 * list is fetched again (shown again, or a new notice arrives while the tab is open, which fetches
 * the list again first so what is marked read was seen).
 */
import './notifications.css';
import { useEffect, useMemo, useRef } from 'react';
import { useSnapshot } from 'valtio/react';
import { Link } from 'wouter';
import type { Notice } from '../../../contract/calls/community.ts';
import { NOTICE_TYPES, type NoticeType } from '../../../contract/enums.ts';
import {
  DEFAULT_PAGE_SIZE,
  useInfiniteList,
  type InfiniteList as ListState,
} from '../../components/hooks/use-infinite-list.ts';
import { useRevalidateOnShow } from '../../components/hooks/use-revalidate-on-show.ts';
import { InfiniteList } from '../../components/infinite-list.tsx';
import { usePageQuery } from '../../components/page/use-page-query.ts';
import { SegmentTabs } from '../../components/segment-tabs.tsx';
import { SkeletonList } from '../../components/skeleton.tsx';
import { paths } from '../../lib/route-paths.ts';
import { setUnreadCounts, unreadState } from '../../stores/unread.ts';
import { cursorPages } from './cursor-pages.ts';
import { NoticeItem } from './notice-item.tsx';
import { getNoticePage, readNotices } from './notifications-calls.ts';
import { notificationsMessages } from './notifications-messages.ts';
import { PushPanel } from './push-panel.tsx';

const t = notificationsMessages;

const isNoticeType = (value: string | null): value is NoticeType => NOTICE_TYPES.includes(value as NoticeType);

function Empty({ type }: { type: NoticeType }) {
  return (
    <div className="empty-state member-empty" data-testid="inbox-empty">
      <p className="member-empty__title">{t.empty[type]}</p>
      <p className="member-empty__hint">{t.emptyHint[type]}</p>
      {type !== 'system' && (
        <Link href={paths.forumList()} className="button button--ghost">
          {t.browse}
        </Link>
      )}
    </div>
  );
}

const openNotice = (notice: Notice) => {
  if (!notice.read) readNotices({ ids: [notice.id] }).then(setUnreadCounts, () => undefined);
};

/** Marks `type` read once its notices are shown; fetches the list again first when it is stale. */
function useMarkShownRead(type: NoticeType, list: ListState<Notice>): void {
  const unread = useSnapshot(unreadState).counts?.[type] ?? 0;
  const reading = useRef(false);
  const reloadedFor = useRef<number | null>(null);
  const { page, loading, error, items, reload } = list;
  useEffect(() => {
    if (page === 0 || loading || error || unread === 0 || reading.current) return;
    if (!items.some((notice) => !notice.read) && reloadedFor.current !== unread) {
      reloadedFor.current = unread; // new notices came after the list was loaded: show them first
      reload();
      return;
    }
    reading.current = true;
    readNotices({ type })
      .then(setUnreadCounts, () => undefined)
      .finally(() => {
        reading.current = false;
      });
  }, [type, unread, page, loading, error, items, reload]);
}

function NoticeList({ type, userId }: { type: NoticeType; userId: number }) {
  const cacheKey = `notices:${userId}:${type}`;
  const fetchPage = useMemo(
    () => cursorPages(cacheKey, (cursor, size) => getNoticePage(type, cursor, size, { toast: false })),
    [cacheKey, type],
  );
  const list = useInfiniteList<Notice>(cacheKey, fetchPage);
  useRevalidateOnShow(list, fetchPage, DEFAULT_PAGE_SIZE, true);
  useMarkShownRead(type, list);
  return (
    <InfiniteList
      layout="list"
      items={list.items}
      loading={list.loading}
      done={list.done}
      error={list.error}
      onMore={list.loadMore}
      keyOf={(notice) => notice.id}
      render={(notice) => <NoticeItem notice={notice} onOpen={openNotice} />}
      skeleton={<SkeletonList layout="list" count={5} />}
      empty={<Empty type={type} />}
      virtualKey={cacheKey}
    />
  );
}

export function Inbox({ userId }: { userId: number }) {
  const counts = useSnapshot(unreadState).counts;
  const [query, setQuery] = usePageQuery();
  const asked = query.get('tab');
  // Without a tab in the address: the first with unread notices.
  const fallback = useRef(NOTICE_TYPES.find((type) => (unreadState.counts?.[type] ?? 0) > 0) ?? 'reply');
  const tab = isNoticeType(asked) ? asked : fallback.current;
  const tabs = NOTICE_TYPES.map((value) => ({ value, label: t.tabs[value], count: counts?.[value] ?? 0 }));
  return (
    <div className="inbox">
      <div className="inbox__main">
        <SegmentTabs tabs={tabs} value={tab} onChange={(value) => setQuery({ tab: value })} label={t.tabsLabel} />
        <div role="tabpanel" aria-label={t.tabs[tab]} className="inbox__list">
          <NoticeList key={tab} type={tab} userId={userId} />
        </div>
      </div>
      <aside className="inbox__side">
        <PushPanel />
      </aside>
    </div>
  );
}
