/** What every screen module in src/routes/ receives. */
import type { ComponentType, LazyExoticComponent } from 'react';

/** Route parameters, already URI-decoded (key for tag and search, id, type). */
export type ScreenParams = Readonly<Record<string, string | undefined>>;

export interface ScreenProps {
  params: ScreenParams;
}

export type LazyScreen = LazyExoticComponent<ComponentType<ScreenProps>>;

export type LayoutName = 'default' | 'page-full' | 'page-insede' | 'page-search';
