/**
 * Where a link from server data (a banner's `link`) leads: an in-app path (contract/in-app-path.ts)
 * is navigated to by the router; an absolute http(s) URL opens as a normal page; anything else
 * (javascript:, data:, a path a browser would resolve to another host) is refused.
 */
import { inAppPath, isExternalUrl } from '../../contract/in-app-path.ts';

export type LinkTarget = { kind: 'app'; path: string } | { kind: 'external'; url: string } | { kind: 'none' };

export function linkTarget(link: string | null | undefined): LinkTarget {
  const path = inAppPath(link);
  if (path !== null) return { kind: 'app', path };
  const value = (link ?? '').trim();
  return isExternalUrl(value) ? { kind: 'external', url: value } : { kind: 'none' };
}
