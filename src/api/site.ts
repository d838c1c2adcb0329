/**
 * Site info: `GET /api/fetch-data` on the app's own origin, plain JSON `{siteInfo}` (docs/api.md). Not an envelope and not signed: the signed calls need its accountId and appId first.
 */
import type { SiteInfo } from '../../contract/calls/account.ts';
import { SITE_INFO_PATH } from '../../contract/calls/paths.ts';
import { SITE_INFO_KEY } from '../../contract/first-paint.ts';
import { Code, defaultMessage } from '../../contract/protocol/codes.ts';
import { ApiError } from './api-error.ts';
import { takeFirstAnswer } from './first-answer.ts';

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

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export async function fetchSiteInfo(): Promise<SiteInfo> {
  // A page with a first paint carries it (and has no preload of it).
  const carried = takeFirstAnswer(SITE_INFO_KEY);
  const info = carried === undefined ? null : toSiteInfo(parseJson(carried));
  if (info) return info;
  let response: Response;
  try {
    response = await fetch(SITE_INFO_PATH, { headers: { Accept: 'application/json' } });
  } catch {
    throw ApiError.network();
  }
  if (response.status >= 500) throw ApiError.network();
  const fetched = toSiteInfo(await response.json().catch(() => null));
  if (!fetched) throw new ApiError(Code.SystemError, defaultMessage[Code.SystemError]);
  return fetched;
}
