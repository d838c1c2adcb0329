/** The 资源采集 calls (docs/admin-api.md, "Collection"): one function per request, JSON through adminCall. */
import type {
  ItemOutcome,
  RunInput,
  RunItemPage,
  SourceClass,
  SourceClasses,
  SourceInput,
  SupplyRun,
  SupplyRunPage,
  SupplySource,
} from '../../../contract/admin/supply.ts';
import { adminCall } from '../../api/admin-client.ts';

export const fetchSources = () => adminCall<SupplySource[]>('GET', '/supply/sources');
export const createSource = (body: SourceInput) => adminCall<SupplySource>('POST', '/supply/sources', { body });
export const updateSource = (id: number, body: Partial<SourceInput>) =>
  adminCall<SupplySource>('PATCH', `/supply/sources/${id}`, { body });
export const deleteSource = (id: number) => adminCall<{ ok: true }>('DELETE', `/supply/sources/${id}`);

export const fetchClasses = (id: number) => adminCall<SourceClasses>('GET', `/supply/sources/${id}/classes`);
export const saveMap = (id: number, map: SourceClass[]) =>
  adminCall<{ map: SourceClass[] }>('PUT', `/supply/sources/${id}/map`, { body: { map } });

export const startRun = (id: number, body: RunInput) =>
  adminCall<SupplyRun>('POST', `/supply/sources/${id}/runs`, { body });
export const fetchRuns = (query: { sourceId?: number; page: number }) =>
  adminCall<SupplyRunPage>('GET', '/supply/runs', { query });
export const fetchRun = (id: number) => adminCall<SupplyRun>('GET', `/supply/runs/${id}`);
export const fetchRunItems = (id: number, query: { outcome?: ItemOutcome; page: number }) =>
  adminCall<RunItemPage>('GET', `/supply/runs/${id}/items`, { query });
export const pauseRun = (id: number) => adminCall<SupplyRun>('POST', `/supply/runs/${id}/pause`);
export const resumeRun = (id: number) => adminCall<SupplyRun>('POST', `/supply/runs/${id}/resume`);
