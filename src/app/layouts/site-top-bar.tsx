/**
 * The site's top bar: logo and title, the five sections and the search box. The main lists
 * (default.tsx) show it at every width; the other layouts show it from 1280 px only
 * (`desktopOnly`, styles/layout.css), where it takes the place of their phone back bar.
 */
import { Link } from 'wouter';
import { SearchForm } from '../../features/search/search-form.tsx';
import { TabNav } from '../../components/tab-nav.tsx';
import { shellMessages } from '../../shell-messages.ts';
import { useSiteInfo } from '../../stores/site.ts';
import { paths } from '../../lib/route-paths.ts';

interface SiteTopBarProps {
  pathname: string;
  desktopOnly?: boolean;
  /** The keyword the search box starts with (the search page's own). */
  searchKey?: string;
}

export function SiteTopBar({ pathname, desktopOnly = false, searchKey }: SiteTopBarProps) {
  const info = useSiteInfo();
  return (
    <header className={desktopOnly ? 'top-bar top-bar--desktop' : 'top-bar'}>
      <div className="top-bar__inner container">
        <Link href={paths.home()} className="brand">
          <img className="brand__logo" src="/icons/logo-96.png" alt="" width="28" height="28" loading="lazy" />
          <span className="brand__title">{info?.title ?? shellMessages.app.fallbackTitle}</span>
        </Link>
        <div className="top-bar__search">
          <SearchForm key={searchKey} initialValue={searchKey ?? ''} focusPanel />
        </div>
        <TabNav pathname={pathname} placement="top" />
      </div>
    </header>
  );
}
