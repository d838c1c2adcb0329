/** The main layout: top bar (site title, search, desktop nav) and the bottom tab bar on phones. */
import { Link } from 'wouter';
import { SearchForm } from '../../features/search/search-form.tsx';
import { TabNav } from '../../components/tab-nav.tsx';
import { messages } from '../../messages.ts';
import { useSiteInfo } from '../../stores/site.ts';
import { paths } from '../../lib/route-paths.ts';
import type { LayoutProps } from './layout-props.ts';

export function DefaultLayout({ pathname, children }: LayoutProps) {
  const info = useSiteInfo();
  return (
    <div className="layout layout--default">
      <header className="top-bar">
        <div className="top-bar__inner container">
          <Link href={paths.home()} className="brand">
            <img className="brand__logo" src="/favicon.svg" alt="" width="28" height="28" />
            <span className="brand__title">{info?.title ?? messages.app.fallbackTitle}</span>
          </Link>
          <div className="top-bar__search">
            <SearchForm />
          </div>
          <TabNav pathname={pathname} placement="top" />
        </div>
      </header>
      <main className="page-main container">{children}</main>
      <TabNav pathname={pathname} placement="bottom" />
    </div>
  );
}
