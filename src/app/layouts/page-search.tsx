/**
 * Search layout: a back button and the search bar, prefilled with the current keyword. From 1280 px
 * the site's top bar, its search box prefilled, takes the place of that bar (styles/layout.css).
 */
import { BackButton } from '../../components/back-button.tsx';
import { SearchForm } from '../../features/search/search-form.tsx';
import type { LayoutProps } from './layout-props.ts';
import { SiteTopBar } from './site-top-bar.tsx';

export function PageSearchLayout({ params, pathname, children }: LayoutProps) {
  return (
    <div className="layout layout--search">
      <SiteTopBar pathname={pathname} desktopOnly searchKey={params.key ?? ''} />
      <header className="sub-header sub-header--search">
        <div className="sub-header__inner container">
          <BackButton />
          <SearchForm key={params.key} initialValue={params.key ?? ''} withButton />
        </div>
      </header>
      <main className="page-main container">{children}</main>
    </div>
  );
}
