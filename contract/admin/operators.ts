/**
 * The console's operators (超级管理员 only) and each operator's own password change
 * (docs/admin-api.md). Types and the password rule only.
 */
import type { OperatorInfo, OperatorRole } from './session.ts';

/** A new password: at least this long, with letters and digits, not the one it replaces. */
export const OPERATOR_PASSWORD_MIN = 10;
export const OPERATOR_PASSWORD_MAX = 128;

export interface OperatorListItem extends OperatorInfo {
  disabled: boolean;
  /** Still on a one-time password: must choose one at the next sign-in. */
  mustChangePassword: boolean;
  createdAt: number;
  /** The last request of any of its sessions; null if never signed in. */
  lastSeenAt: number | null;
}

/** GET /admin-api/operators */
export interface OperatorList {
  list: OperatorListItem[];
}

/** POST /admin-api/operators {username, role, siteIds} */
export interface NewOperatorInput {
  username: string;
  role: OperatorRole;
  siteIds: number[] | null;
}

/** PATCH /admin-api/operators/:id: any of these. */
export interface OperatorChange {
  role?: OperatorRole;
  siteIds?: number[] | null;
  disabled?: boolean;
}

/** POST /admin-api/operators/:id/reset {password?, totp?}: what to renew. */
export interface OperatorReset {
  password?: boolean;
  totp?: boolean;
}

/**
 * What a created or reset operator needs to sign in, shown once: the one-time password and/or the
 * TOTP secret with its otpauth:// URL and that URL as an SVG QR code.
 */
export interface OperatorCredentials {
  operator: OperatorListItem;
  password: string | null;
  totp: { secret: string; otpauthUrl: string; qrSvg: string } | null;
}

/** POST /admin-api/session/password {current, next}: the signed-in operator's own. */
export interface PasswordChange {
  current: string;
  next: string;
}
