/**
 * The five main sections (首页, 电影, 论坛, 吃瓜, 我的). On phones a bottom tab bar; from 768 px the
 * same links sit in the top bar (styles/layout.css hides one or the other). 我的 carries the count
 * of unread notices (stores/unread.ts, kept by features/notifications).
 */
import './tab-nav.css';
import type { ComponentType } from 'react';
import { useSnapshot } from 'valtio/react';
import { Link } from 'wouter';
import { paths } from '../lib/route-paths.ts';
import { shellMessages } from '../shell-messages.ts';
import { badgeText, unreadState } from '../stores/unread.ts';
import { IconFilm, IconForum, IconHome, IconMelon, IconUser } from './icons.tsx';

interface Tab {
  label: string;
  href: string;
  Icon: ComponentType<{ className?: string }>;
  /** Path prefixes that belong to the section. */
  sections: readonly string[];
}

const TABS: readonly Tab[] = [
  { label: shellMessages.tabs.home, href: paths.home(), Icon: IconHome, sections: [] },
  { label: shellMessages.tabs.movie, href: paths.movieList(), Icon: IconFilm, sections: ['/movie'] },
  { label: shellMessages.tabs.forum, href: paths.forumList(), Icon: IconForum, sections: ['/forum', '/topic'] },
  { label: shellMessages.tabs.chigua, href: paths.chiguaList(), Icon: IconMelon, sections: ['/chigua'] },
  { label: shellMessages.tabs.mine, href: paths.mine(), Icon: IconUser, sections: ['/mine'] },
];

/** Where the tab bar leads (app/warm-tabs.ts loads their screens ahead of the first tap). */
export const TAB_HREFS: readonly string[] = TABS.map((tab) => tab.href);

const isActive = (tab: Tab, pathname: string): boolean =>
  tab.href === pathname || tab.sections.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));

function UnreadBadge() {
  const total = useSnapshot(unreadState).counts?.total ?? 0;
  const text = badgeText(total);
  if (!text) return null;
  return (
    <span className="tab-nav__badge" data-testid="tab-unread" aria-label={shellMessages.tabs.unread(total)}>
      {text}
    </span>
  );
}

export function TabNav({ pathname, placement }: { pathname: string; placement: 'bottom' | 'top' }) {
  return (
    <nav className={`tab-nav tab-nav--${placement}`} aria-label={shellMessages.nav.mainNavigation}>
      {TABS.map((tab) => {
        const active = isActive(tab, pathname);
        return (
          <Link
            key={tab.href}
            href={tab.href}
            className={active ? 'tab-nav__item is-active' : 'tab-nav__item'}
            aria-current={active ? 'page' : undefined}
          >
            <tab.Icon className="tab-nav__icon" />
            <span className="tab-nav__label">{tab.label}</span>
            {tab.href === paths.mine() && <UnreadBadge />}
          </Link>
        );
      })}
    </nav>
  );
}
