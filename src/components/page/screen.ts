/** What every screen module in src/routes/ receives. */
import type { ComponentType, LazyExoticComponent } from 'react';
import type { RouteName } from '../../../contract/route-patterns.ts';

/** Route parameters, already URI-decoded (key for tag and search, id, type). */
export type ScreenParams = Readonly<Record<string, string | undefined>>;

export interface ScreenProps {
  params: ScreenParams;
}

export type LazyScreen = LazyExoticComponent<ComponentType<ScreenProps>>;

export type LayoutName = 'default' | 'page-full' | 'page-insede' | 'page-search';

export interface RouteEntry {
  name: RouteName;
  pattern: string;
  screen: LazyScreen;
  /** Loads the screen's module (what `screen` renders), e.g. to start it before the first render. */
  load: () => ScreenModule;
  layout: LayoutName;
  title: string;
  /** Kept alive (hidden, with its state) after leaving; off for playback, which must stop, and for
   * the sign-in forms, which must not keep a typed password. */
  keepAlive: boolean;
}

/** A screen module: the screen, and optionally `prefetch`, which starts its first call (src/app/first-screen.ts). */
export type ScreenModule = Promise<{
  default: ComponentType<ScreenProps>;
  prefetch?: (params: ScreenParams) => Promise<unknown> | undefined;
}>;
