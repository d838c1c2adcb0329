/**
 * Member profile (/mine): avatar, nickname, id, account (or "未绑定账号"), the VIP badge with its
 * expiry (or "开通 VIP"), coins and points, an entry with an icon to 发帖 and every member page, and the
 * movies watched last (from the local history, so also offline), and 消息 (the inbox) with the
 * count of unread notices. The user refreshes from /current each time the page is shown.
 */
import '../styles/mine.css';
import type { ComponentType } from 'react';
import { useSnapshot } from 'valtio/react';
import { Link } from 'wouter';
import type { UserInfo } from '../../contract/calls/account.ts';
import { paths } from '../lib/route-paths.ts';
import { Avatar } from '../components/avatar.tsx';
import { IconChevron, IconUser } from '../components/icons.tsx';
import {
  IconBag,
  IconClock,
  IconCoin,
  IconCrown,
  IconGear,
  IconGift,
  IconSpark,
  IconWallet,
} from '../components/member-icons.tsx';
import { MediaImage } from '../components/media-image.tsx';
import { IconEdit, IconHeart } from '../components/post-icons.tsx';
import { ProgressBar } from '../components/progress-bar.tsx';
import { Skeleton } from '../components/skeleton.tsx';
import { formatCount, formatDate } from '../lib/format.ts';
import { useUserRefresh } from '../features/account/use-user-refresh.ts';
import { isVipActive } from '../features/vip/vip-status.ts';
import { accountMessages } from '../features/account/account-messages.ts';
import { messages } from '../messages.ts';
import { shellMessages } from '../shell-messages.ts';
import { historyState } from '../features/history/history-store.ts';
import { IconDownload } from '../features/downloads/download-icons.tsx';
import { IconMessage } from '../features/notifications/notice-icons.tsx';
import { notificationsMessages } from '../features/notifications/notifications-messages.ts';
import { badgeText, unreadState } from '../stores/unread.ts';
import { userState } from '../stores/user.ts';

const m = accountMessages.menu;
const p = accountMessages.profile;

interface Entry {
  href: string;
  label: string;
  Icon: ComponentType<{ className?: string }>;
  tone: string;
}

const ENTRIES: readonly Entry[] = [
  { href: paths.release(), label: messages.forum.compose, Icon: IconEdit, tone: 'pink' },
  { href: paths.mineWallet(), label: m.wallet, Icon: IconWallet, tone: 'orange' },
  { href: paths.mineVip(), label: m.vip, Icon: IconCrown, tone: 'gold' },
  { href: paths.mineMall(), label: m.mall, Icon: IconGift, tone: 'pink' },
  { href: paths.mineBuy(), label: m.buy, Icon: IconBag, tone: 'blue' },
  { href: paths.mineLike(), label: m.like, Icon: IconHeart, tone: 'red' },
  { href: paths.mineHistory(), label: m.history, Icon: IconClock, tone: 'teal' },
  { href: paths.mineDownloads(), label: shellMessages.titles.mineDownloads, Icon: IconDownload, tone: 'blue' },
  { href: paths.minePersonal(), label: m.personal, Icon: IconUser, tone: 'violet' },
  { href: paths.mineSetting(), label: m.setting, Icon: IconGear, tone: 'gray' },
];

function ProfileCard({ info }: { info: UserInfo }) {
  const vip = isVipActive(info);
  return (
    <section className="card profile-card" aria-label={shellMessages.titles.mine}>
      <Link href={paths.minePersonal()} className="profile-card__head">
        <Avatar src={info.avatar} name={info.nickname} />
        <div className="profile-card__who">
          <h1 className="profile-card__name">
            <span data-testid="nickname">{info.nickname}</span>
            {vip && (
              <span className="badge badge--vip" data-testid="vip-badge">
                {p.vip}
              </span>
            )}
          </h1>
          <p className="profile-card__meta">
            <span data-testid="user-id">{p.id(info.id)}</span>
            <span aria-hidden="true"> · </span>
            <span data-testid="account">
              {info.account ? messages.mine.boundAccount(info.account) : messages.mine.unboundAccount}
            </span>
          </p>
        </div>
        {/* Named by what it shows (the nickname first), then where it goes. */}
        <span className="visually-hidden">{p.editProfile}</span>
        <IconChevron className="profile-card__chevron" />
      </Link>
      <Link href={paths.mineVip()} className={vip ? 'vip-strip is-active' : 'vip-strip'} data-testid="vip-strip">
        <IconCrown className="vip-strip__icon" />
        <span className="vip-strip__text">
          {vip && info.vipExpireAt !== null ? p.vipUntil(formatDate(info.vipExpireAt)) : p.notVip}
        </span>
        <span className="vip-strip__action">{vip ? p.renewVip : p.openVip}</span>
      </Link>
      <div className="profile-card__stats">
        {[
          { href: paths.mineWallet(), Icon: IconCoin, label: p.coins, value: info.coins, testId: 'coins' },
          { href: paths.mineMall(), Icon: IconSpark, label: p.points, value: info.points, testId: 'points' },
          {
            href: paths.mineVip(),
            Icon: IconCrown,
            label: p.vip,
            value: vip ? p.vipActive : p.vipInactive,
            testId: 'vip-state',
          },
        ].map(({ href, Icon, label, value, testId }) => (
          <Link key={testId} href={href} className="stat">
            <span
              className={typeof value === 'number' ? 'stat__value' : 'stat__value stat__value--text'}
              data-testid={testId}
            >
              {typeof value === 'number' ? formatCount(value) : value}
            </span>
            <span className="stat__label">
              <Icon className="stat__icon" />
              {label}
            </span>
          </Link>
        ))}
      </div>
    </section>
  );
}

function MessagesEntry() {
  const total = useSnapshot(unreadState).counts?.total ?? 0;
  return (
    <Link href={paths.mineMessage()} className="card mine-messages" data-testid="mine-messages">
      <span className="entry-grid__icon tone--red">
        <IconMessage />
      </span>
      <span className="mine-messages__label">{notificationsMessages.entry}</span>
      {total > 0 && (
        <span
          className="mine-messages__count"
          data-testid="mine-unread"
          aria-label={notificationsMessages.unread(total)}
        >
          {badgeText(total)}
        </span>
      )}
      <IconChevron className="mine-messages__chevron" />
    </Link>
  );
}

const RECENT_COUNT = 8;

function RecentlyWatched() {
  const { watch } = useSnapshot(historyState);
  if (watch.length === 0) return null;
  return (
    <section className="card recent" aria-labelledby="recent-title">
      <div className="recent__head">
        <h2 className="entry-grid__title" id="recent-title">
          {p.recent}
        </h2>
        <Link href={paths.mineHistory()} className="recent__all">
          {p.allHistory}
          <IconChevron className="recent__chevron" />
        </Link>
      </div>
      <ul className="recent__list">
        {watch.slice(0, RECENT_COUNT).map((entry) => (
          <li key={entry.movie.id}>
            <Link href={paths.moviePlay(entry.movie.id)} className="recent__item">
              <span className="recent__poster">
                <MediaImage mediaKey={entry.movie.poster.small} alt="" ratio="2/3" />
                <ProgressBar value={entry.position} max={entry.duration} className="recent__progress" />
              </span>
              <span className="recent__title">{entry.movie.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ProfileSkeleton() {
  return (
    <section className="card profile-card" aria-busy="true">
      <div className="profile-card__head">
        <Skeleton className="avatar" />
        <div className="profile-card__who profile-card__who--skeleton">
          <Skeleton className="skeleton--line" style={{ width: '40%', height: 22 }} />
          <Skeleton className="skeleton--line skeleton--short" />
        </div>
      </div>
      <Skeleton className="vip-strip" />
      <Skeleton className="skeleton--line" style={{ height: 52, marginTop: 16 }} />
    </section>
  );
}

export default function MineScreen() {
  useUserRefresh();
  const { info } = useSnapshot(userState);
  return (
    <div className="mine">
      {info ? <ProfileCard info={info} /> : <ProfileSkeleton />}
      <MessagesEntry />
      <nav className="card entry-grid" aria-label={p.services}>
        <h2 className="entry-grid__title">{p.services}</h2>
        <ul className="entry-grid__list">
          {ENTRIES.map(({ href, label, Icon, tone }) => (
            <li key={href}>
              <Link href={href} className="entry-grid__item">
                <span className={`entry-grid__icon tone--${tone}`}>
                  <Icon />
                </span>
                <span className="entry-grid__label">{label}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <RecentlyWatched />
    </div>
  );
}
