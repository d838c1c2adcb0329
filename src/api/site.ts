/**
 * Site info: `GET /api/fetch-data` on the app's own origin, plain JSON `{siteInfo}` (docs/api.md). Not an envelope and not signed: the signed calls need its accountId and appId first.
 */
import type { SiteInfo } from '../../contract/calls/account.ts';
import { SITE_INFO_PATH } from '../../contract/calls/paths.ts';
import { Code, defaultMessage } from '../../contract/protocol/codes.ts';
import { ApiError } from './api-error.ts';

const REQUIRED_FIELDS = ['title', 'host', 'accountId', 'appId'] as const;

function toSiteInfo(value: unknown): SiteInfo | null {
  const info = (value as { siteInfo?: unknown } | null)?.siteInfo;
  if (typeof info !== 'object' || info === null) return null;
  const record = info as Record<string, unknown>;
  if (!REQUIRED_FIELDS.every((field) => typeof record[field] === 'string' && record[field] !== '')) return null;
  return {
    title: String(record.title),
    host: String(record.host),
    accountId: String(record.accountId),
    appId: String(record.appId),
    description: typeof record.description === 'string' ? record.description : '',
    primaryColor: typeof record.primaryColor === 'string' ? record.primaryColor : '',
  };
}

export async function fetchSiteInfo(): Promise<SiteInfo> {
  let response: Response;
  try {
    response = await fetch(SITE_INFO_PATH, { headers: { Accept: 'application/json' } });
  } catch {
    throw ApiError.network();
  }
  if (response.status >= 500) throw ApiError.network();
  const info = toSiteInfo(await response.json().catch(() => null));
  if (!info) throw new ApiError(Code.SystemError, defaultMessage[Code.SystemError]);
  return info;
}
