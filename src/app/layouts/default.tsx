/** The main layout: top bar (site title, search, desktop nav) and the bottom tab bar on phones. */
import { TabNav } from '../../components/tab-nav.tsx';
import type { LayoutProps } from './layout-props.ts';
import { SiteTopBar } from './site-top-bar.tsx';

export function DefaultLayout({ pathname, children }: LayoutProps) {
  return (
    <div className="layout layout--default">
      <SiteTopBar pathname={pathname} />
      <main className="page-main container">{children}</main>
      <TabNav pathname={pathname} placement="bottom" />
    </div>
  );
}
