/**
 * Reading a MacCMS v10 source (资源采集, docs/collection.md): its classes (ac=list) and its pages of
 * titles (ac=detail), in JSON or XML (`at=xml`), each request through the outbound guard
 * (server/net/outbound.ts: a public address, pinned; redirects followed with each hop checked; one
 * deadline; a size cap). Every way a read fails is a SupplyFetchError whose message is the reason
 * in Chinese, as the run's log and the console show it.
 */
import { RUN_MODE_HOURS, type RunMode } from '../../contract/admin/supply.ts';
import { OutboundError, type Outbound } from '../net/outbound.ts';
import { NotVodData, parseVodJson, parseVodXml, VodRefused, type VodListPage } from './vod-clean.ts';

/** Why a source could not be read, in Chinese: shown in the run's log and the console. */
export class SupplyFetchError extends Error {
  override name = 'SupplyFetchError';
}

export interface SourceRef {
  apiUrl: string;
  format: 'json' | 'xml';
  apiKey: string | null;
}

/** How long one page may take, and the most of it read. */
export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
}

export const DEFAULT_FETCH_LIMITS: FetchLimits = { timeoutMs: 15_000, maxBytes: 8 * 1024 ** 2 };
const MAX_REDIRECTS = 3;

/** What to ask a source for: its classes, or a page of titles (of the last `hours`, or of `ids`). */
export type VodQuery = { ac: 'list'; pg: number } | { ac: 'detail'; pg: number; hours: number | null; ids?: string[] };

/** The URL of a query on the source's API URL (its own query parameters kept). */
export function vodUrl(source: SourceRef, query: VodQuery): URL {
  const url = new URL(source.apiUrl);
  const params = url.searchParams;
  params.set('ac', query.ac);
  params.set('pg', String(query.pg));
  if (query.ac === 'detail') {
    if (query.hours !== null) params.set('h', String(query.hours));
    if (query.ids && query.ids.length > 0) params.set('ids', query.ids.join(','));
  }
  if (source.apiKey) params.set('key', source.apiKey);
  if (source.format === 'xml') params.set('at', 'xml');
  return url;
}

/** An OutboundError as the operator reads it. */
function reasonOf(error: OutboundError, limits: FetchLimits): string {
  switch (error.kind) {
    case 'timeout':
      return `源站超时（${Math.round(limits.timeoutMs / 100) / 10} 秒）`;
    case 'refused':
      return error.hop > 0 ? '源站重定向到不允许的地址' : '源站地址不是公网地址';
    case 'redirects':
      return '源站重定向次数过多';
    case 'too-large':
      return `源站返回的数据超过 ${Math.round(limits.maxBytes / 1024 ** 2)} MB`;
    case 'network':
      return `无法连接源站（${error.code ?? '网络错误'}）`;
  }
}

/** Rejects with `abort()`'s error when the signal aborts first (the request then ends at its own deadline). */
export function unlessAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/** Reads one page of the source; throws SupplyFetchError. */
export async function readVodPage(
  outbound: Outbound,
  source: SourceRef,
  query: VodQuery,
  limits: FetchLimits = DEFAULT_FETCH_LIMITS,
  signal?: AbortSignal,
): Promise<VodListPage> {
  let url: URL;
  try {
    url = vodUrl(source, query);
  } catch {
    throw new SupplyFetchError('源站地址无效');
  }
  let body: Buffer;
  try {
    const answer = await unlessAborted(
      outbound.request(url, {
        timeoutMs: limits.timeoutMs,
        maxBytes: limits.maxBytes,
        maxRedirects: MAX_REDIRECTS,
        headers: { accept: source.format === 'xml' ? 'application/xml, text/xml, */*' : 'application/json, */*' },
      }),
      signal,
    );
    if (answer.status < 200 || answer.status > 299) throw new SupplyFetchError(`源站返回 HTTP ${answer.status}`);
    body = answer.body;
  } catch (error) {
    if (error instanceof OutboundError) throw new SupplyFetchError(reasonOf(error, limits));
    throw error;
  }
  const text = body.toString('utf8');
  try {
    return source.format === 'xml' ? parseVodXml(text) : parseVodJson(text);
  } catch (error) {
    if (error instanceof NotVodData) throw new SupplyFetchError('源站返回的不是 MacCMS 数据');
    if (error instanceof VodRefused) throw new SupplyFetchError(`源站拒绝：${error.message || '未说明原因'}`);
    throw error;
  }
}

/** The ac=detail query of a run's page: by hours (全部, 最近 24 小时, 最近一周) or by its ids' chunk. */
export function runQuery(mode: RunMode, page: number, idChunk?: string[]): VodQuery {
  if (mode === 'ids') return { ac: 'detail', pg: 1, hours: null, ids: idChunk ?? [] };
  return { ac: 'detail', pg: page, hours: RUN_MODE_HOURS[mode] };
}

/** The source's classes and total, read from its ac=list page 1. Throws SupplyFetchError. */
export async function readSourceClasses(
  outbound: Outbound,
  source: SourceRef,
  limits: FetchLimits = DEFAULT_FETCH_LIMITS,
): Promise<{ classes: { typeId: number; typeName: string }[]; total: number }> {
  const page = await readVodPage(outbound, source, { ac: 'list', pg: 1 }, limits);
  const seen = new Set<number>();
  const classes = page.classes.filter((c) => !seen.has(c.typeId) && seen.add(c.typeId));
  return { classes, total: page.total };
}
