/**
 * The console's one client for /admin-api: JSON in and out, the session cookie sent by the browser
 * (same origin), the session's CSRF token in CSRF_HEADER on every change, and a 401 anywhere sends
 * the console back to the sign-in screen (the handler the session store installs).
 */
import { CSRF_HEADER, type AdminError } from '../../contract/admin/session.ts';

export const ADMIN_API = '/admin-api';

export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
    /** Seconds to wait (429, from Retry-After). */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

let csrfToken: string | null = null;
let onUnauthorized: () => void = () => undefined;

export const setCsrfToken = (token: string | null): void => {
  csrfToken = token;
};
export const setUnauthorizedHandler = (handler: () => void): void => {
  onUnauthorized = handler;
};

export type Query = Record<string, string | number | null | undefined>;

function urlOf(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== null && value !== undefined && value !== '') params.set(key, String(value));
  const search = params.toString();
  return `${ADMIN_API}${path}${search ? `?${search}` : ''}`;
}

/** One call; `quiet401` keeps a 401 from being a session end (the sign-in and the first session check). */
export async function adminCall<T>(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  options: { body?: unknown; query?: Query; quiet401?: boolean } = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET' && csrfToken) headers[CSRF_HEADER] = csrfToken;
  const response = await fetch(urlOf(path, options.query), {
    method,
    headers,
    credentials: 'same-origin',
    cache: 'no-store',
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (response.ok) return data as T;
  const error = (data ?? {}) as Partial<AdminError>;
  const retry = Number(response.headers.get('retry-after'));
  if (response.status === 401 && !options.quiet401) onUnauthorized();
  throw new AdminApiError(
    response.status,
    typeof error.message === 'string' ? error.message : `请求失败（${response.status}）`,
    error.field,
    Number.isFinite(retry) && retry > 0 ? retry : undefined,
  );
}
