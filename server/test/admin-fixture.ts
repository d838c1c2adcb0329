/**
 * Console calls in server tests: an operator made with a password of its own, signed in with a
 * TOTP code of a fresh time step, and `call(method, url, body?)` with its cookie and CSRF header.
 */
import type { LightMyRequestResponse } from 'fastify';
import { ADMIN_COOKIE, CSRF_HEADER, type AdminSession, type OperatorRole } from '../../contract/admin/session.ts';
import { createOperator, type CreatedOperator } from '../admin/operators.ts';
import { totpCode } from '../admin/totp.ts';
import type { Harness } from './harness.ts';

export interface SignedInOperator {
  created: CreatedOperator;
  session: AdminSession;
  call(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
  ): Promise<LightMyRequestResponse>;
}

let serial = 0;
/**
 * Each code is good once per operator, later steps only, and the server accepts one step either
 * side of its clock: an operator's first sign-in uses the current step, its second the next one
 * (counted by username, unique across the stores of a run; refused sign-ins use no step).
 */
const signIns = new Map<string, number>();

export async function signInOperator(
  h: Harness,
  options: { role?: OperatorRole; siteIds?: number[] | null; temporaryPassword?: boolean; username?: string } = {},
): Promise<SignedInOperator> {
  const created = await createOperator(h.db, {
    username: options.username ?? `op_${process.pid}_${++serial}`,
    role: options.role ?? 'super',
    siteIds: options.siteIds ?? null,
    temporaryPassword: options.temporaryPassword,
  });
  return signInAs(h, created);
}

export async function signInAs(
  h: Harness,
  created: CreatedOperator,
  password = created.password,
): Promise<SignedInOperator> {
  const n = signIns.get(created.operator.username) ?? 0;
  if (n > 1) throw new Error('a test operator signs in at most twice');
  const at = Date.now() + n * 30_000;
  const res = await h.app.inject({
    method: 'POST',
    url: '/admin-api/session',
    payload: { username: created.operator.username, password, totp: await totpCode(created.totpSecret, at) },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  signIns.set(created.operator.username, n + 1);
  const session = res.json<AdminSession>();
  const token = /admin_session=([^;]+)/.exec(String(res.headers['set-cookie']))![1]!;
  const headers = { cookie: `${ADMIN_COOKIE}=${token}`, [CSRF_HEADER]: session.csrfToken };
  return {
    created,
    session,
    call: (method, url, body) =>
      h.app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as object }) }),
  };
}
