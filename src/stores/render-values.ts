/**
 * Values a render is given instead of reading the stores: the server's first paint
 * (src/entry-server.tsx) renders the app's components for one site after another, so it passes
 * each site's record and app-wide lists (CDN lines included) in through this context and never
 * writes the stores, which are one browser tab's singletons. Outside such a render the context is
 * null and the hooks (useSiteInfo, useAppInit, useCdnLines) read the stores.
 */
import { createContext } from 'react';
import type { SiteInfo } from '../../contract/calls/account.ts';
import type { AppInit } from '../../contract/calls/content.ts';

export interface RenderValues {
  site: SiteInfo;
  appInit: AppInit;
}

export const RenderValuesContext = createContext<RenderValues | null>(null);
