/** The 站点设置 calls (docs/admin-api.md): one function per request, JSON through adminCall, images as raw bytes. */
import { CSRF_HEADER } from '../../../contract/admin/session.ts';
import type {
  AdminDictEntry,
  ImagePurpose,
  LineHealth,
  SaveNotice,
  SettingsSite,
  SiteList,
  StoredImage,
} from '../../../contract/admin/settings.ts';
import { ADMIN_API, adminCall, AdminApiError } from '../../api/admin-client.ts';

export type Row = { id: number } & Record<string, unknown>;

const listPath = (siteId: number, list: SiteList) => `/settings/sites/${siteId}/${list}`;

export const fetchSites = () => adminCall<{ list: SettingsSite[] }>('GET', '/settings/sites');
export const createSite = (body: unknown) => adminCall<SettingsSite>('POST', '/settings/sites', { body });
export const updateSite = (siteId: number, body: unknown) =>
  adminCall<SettingsSite>('PATCH', `/settings/sites/${siteId}`, { body });

export const fetchRows = (siteId: number, list: SiteList) => adminCall<{ list: Row[] }>('GET', listPath(siteId, list));
export const createRow = (siteId: number, list: SiteList, body: unknown) =>
  adminCall<Row & SaveNotice>('POST', listPath(siteId, list), { body });
export const updateRow = (siteId: number, list: SiteList, id: number, body: unknown) =>
  adminCall<Row & SaveNotice>('PATCH', `${listPath(siteId, list)}/${id}`, { body });
export const deleteRow = (siteId: number, list: SiteList, id: number) =>
  adminCall<{ ok: true }>('DELETE', `${listPath(siteId, list)}/${id}`);
export const reorderRows = (siteId: number, list: SiteList, ids: number[]) =>
  adminCall<{ list: Row[] }>('POST', `${listPath(siteId, list)}/order`, { body: { ids } });

export const fetchHealth = (siteId: number, refresh: boolean) =>
  adminCall<{ list: LineHealth[] }>('GET', `${listPath(siteId, 'cdn-lines')}/health`, {
    query: { refresh: refresh ? 1 : null },
  });
export const changeStock = (siteId: number, id: number, body: { set: number } | { delta: number }) =>
  adminCall<Row>('POST', `${listPath(siteId, 'goods')}/${id}/stock`, { body });

export const fetchDictionary = (type: string) =>
  adminCall<{ types: string[]; list: AdminDictEntry[] }>('GET', '/settings/dictionary', { query: { type } });
export const createDictEntry = (body: AdminDictEntry) =>
  adminCall<AdminDictEntry>('POST', '/settings/dictionary', { body });
export const updateDictEntry = (type: string, key: string, body: { label: string; sort: number }) =>
  adminCall<AdminDictEntry>('PATCH', `/settings/dictionary/${encodeURIComponent(type)}/${encodeURIComponent(key)}`, {
    body,
  });
export const deleteDictEntry = (type: string, key: string) =>
  adminCall<{ ok: true }>('DELETE', `/settings/dictionary/${encodeURIComponent(type)}/${encodeURIComponent(key)}`);

let csrf: string | null = null;
/** The session's CSRF token for the raw uploads (adminCall sends JSON only). */
export const setUploadCsrf = (token: string | null): void => {
  csrf = token;
};

/** The image's bytes as the body; answers what the server stored, or its message. */
async function upload<T>(path: string, file: File): Promise<T> {
  const response = await fetch(`${ADMIN_API}${path}`, {
    method: 'POST',
    headers: { 'content-type': file.type || 'application/octet-stream', ...(csrf ? { [CSRF_HEADER]: csrf } : {}) },
    credentials: 'same-origin',
    body: file,
  });
  const data = (await response.json().catch(() => null)) as (T & { message?: string; field?: string }) | null;
  if (!response.ok)
    throw new AdminApiError(response.status, data?.message ?? `上传失败（${response.status}）`, data?.field);
  return data as T;
}

export const uploadImage = (file: File, purpose: ImagePurpose) =>
  upload<StoredImage>(`/settings/images?purpose=${purpose}`, file);
export const uploadIcon = (siteId: number, file: File) => upload<SettingsSite>(`/settings/sites/${siteId}/icon`, file);
