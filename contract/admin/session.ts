/**
 * The operator console's sign-in (docs/admin-api.md): plain JSON under /admin-api, an
 * HttpOnly SameSite=Strict session cookie and the CSRF header on every change. Types only, plus the
 * fixed lists; the server validates with zod of its own.
 */

/** The roles, each written once: 超级管理员 (everything), 运营 (content, settings), 审核 (moderation), 财务 (money). */
export const OPERATOR_ROLES = ['super', 'ops', 'moderator', 'finance'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** The header that carries the session's CSRF token on every POST, PATCH, PUT and DELETE. */
export const CSRF_HEADER = 'x-csrf-token';
/** The session cookie (HttpOnly, SameSite=Strict, Secure over HTTPS, Path=/admin-api). */
export const ADMIN_COOKIE = 'admin_session';

export interface OperatorInfo {
  id: number;
  username: string;
  role: OperatorRole;
  /** The sites this operator may act on; null: every site of the station group. */
  siteIds: number[] | null;
}

/** A site as the console's site pickers offer it. */
export interface SiteChoice {
  id: number;
  title: string;
}

/** POST /admin-api/session {username, password, totp} and GET /admin-api/session answer this. */
export interface AdminSession {
  operator: OperatorInfo;
  /** Send it back in CSRF_HEADER on every change. */
  csrfToken: string;
  /** When the session ends if unused (ms since epoch); each request moves it on. */
  idleExpiresAt: number;
  /**
   * Signed in with a one-time password: every call but the session's and
   * POST /admin-api/session/password answers 403 until a password of the operator's own is set.
   */
  mustChangePassword: boolean;
  /**
   * The site's time zone (SITE_TIME_ZONE, an IANA id; Asia/Shanghai unless set): the console shows
   * and reads every time in it (admin/components/console-time.ts).
   */
  timeZone: string;
}

/** Every error of /admin-api: 400 (field names the bad one), 401, 403, 404, 409, 429 (with the wait). */
export interface AdminError {
  message: string;
  field?: string;
}
