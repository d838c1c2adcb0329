/**
 * Where a link from server data (a banner's `link`) leads: an in-app path is navigated to by the
 * router; an absolute http(s) URL opens as a normal page; anything else (javascript:, data:) is
 * refused.
 */
export type LinkTarget = { kind: 'app'; path: string } | { kind: 'external'; url: string } | { kind: 'none' };

export function linkTarget(link: string | null | undefined): LinkTarget {
  const value = (link ?? '').trim();
  if (value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')) return { kind: 'app', path: value };
  if (/^https?:\/\//i.test(value)) return { kind: 'external', url: value };
  return { kind: 'none' };
}
