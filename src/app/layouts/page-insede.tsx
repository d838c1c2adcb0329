/**
 * Sub-page layout (details, /mine/*, forms): a back button and the page title. From 1280 px the
 * site's top bar is over it and the back bar becomes the page's heading row (styles/layout.css).
 */
import { BackButton } from '../../components/back-button.tsx';
import type { LayoutProps } from './layout-props.ts';
import { SiteTopBar } from './site-top-bar.tsx';

export function PageInsedeLayout({ title, pathname, children }: LayoutProps) {
  return (
    <div className="layout layout--insede">
      <SiteTopBar pathname={pathname} desktopOnly />
      <header className="sub-header">
        <div className="sub-header__inner container">
          <BackButton />
          <h1 className="sub-header__title">{title}</h1>
          <span className="sub-header__end" aria-hidden="true" />
        </div>
      </header>
      <main className="page-main container">{children}</main>
    </div>
  );
}
