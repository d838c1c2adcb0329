/**
 * Site info of docs/spec.md section 3 (title, host, accountId, appId ...), persisted so the shell and the
 * signed calls work offline and on a cold start before /api/fetch-data answers.
 */
import { useContext } from 'react';
import { useSnapshot } from 'valtio/react';
import { proxy } from 'valtio/vanilla';
import type { SiteInfo } from '../../contract/calls/account.ts';
import { fetchSiteInfo } from '../api/site.ts';
import { RenderValuesContext } from './render-values.ts';

export const siteState = proxy<{ info: SiteInfo | null }>({ info: null });

let inFlight: Promise<SiteInfo> | null = null;

/** Fetches the site info once at a time and stores it. */
export function refreshSiteInfo(): Promise<SiteInfo> {
  inFlight ??= fetchSiteInfo()
    .then((info) => {
      siteState.info = info;
      return info;
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/** The stored site info, or the fetched one when none is stored yet. */
export function requireSiteInfo(): Promise<SiteInfo> {
  return siteState.info ? Promise.resolve(siteState.info) : refreshSiteInfo();
}

/** The site's record in a component: the render's own (server first paint), else the store's. */
export function useSiteInfo(): SiteInfo | null {
  const given = useContext(RenderValuesContext);
  const { info } = useSnapshot(siteState);
  return given ? given.site : info;
}
