/**
 * Full-screen layout without chrome (playback): the screen draws everything itself. From 1280 px the
 * site's top bar is over it (styles/layout.css).
 */
import type { LayoutProps } from './layout-props.ts';
import { SiteTopBar } from './site-top-bar.tsx';

export function PageFullLayout({ pathname, children }: LayoutProps) {
  return (
    <div className="layout layout--full">
      <SiteTopBar pathname={pathname} desktopOnly />
      <main className="layout--full__main">{children}</main>
    </div>
  );
}
