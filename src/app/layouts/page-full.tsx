/** Full-screen layout without chrome (playback): the screen draws everything itself. */
import type { LayoutProps } from './layout-props.ts';

export function PageFullLayout({ children }: LayoutProps) {
  return <main className="layout layout--full">{children}</main>;
}
