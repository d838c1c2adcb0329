/** Sub-page layout (details, /mine/*, forms): a back button and the page title. */
import { BackButton } from '../../components/back-button.tsx';
import type { LayoutProps } from './layout-props.ts';

export function PageInsedeLayout({ title, children }: LayoutProps) {
  return (
    <div className="layout layout--insede">
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
