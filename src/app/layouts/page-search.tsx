/** Search layout: a back button and the search bar, prefilled with the current keyword. */
import { BackButton } from '../../components/back-button.tsx';
import { SearchForm } from '../../features/search/search-form.tsx';
import type { LayoutProps } from './layout-props.ts';

export function PageSearchLayout({ params, children }: LayoutProps) {
  return (
    <div className="layout layout--search">
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
