/**
 * The money tests' helpers: an operator of a role signed in (cookie and CSRF header), a member's
 * paid coin or VIP order through the app's own deposit call and a signed notify, and the store's
 * facts the tests compare (balances, ledger rows, refunds).
 */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { ADMIN_COOKIE, CSRF_HEADER, type AdminSession, type OperatorRole } from '../../contract/admin/session.ts';
import type { DepositOrder } from '../../contract/calls/member.ts';
import { API } from '../../contract/calls/paths.ts';
import { createOperator } from '../admin/operators.ts';
import { totpCode } from '../admin/totp.ts';
import { dataOf } from './content-fixture.ts';
import type { Harness } from './harness.ts';
import { idOf, notifyParams, sendNotify } from './member-fixture.ts';

export type AdminCall = (method: 'GET' | 'POST', url: string, body?: unknown) => Promise<LightMyRequestResponse>;

let serial = 0;

/** A new operator of the role, signed in once (a fresh username, so its TOTP step is unused). */
export async function operatorCall(
  h: Harness,
  role: OperatorRole,
  siteIds: number[] | null = null,
): Promise<AdminCall> {
  const created = await createOperator(h.db, { username: `money_${process.pid}_${++serial}`, role, siteIds });
  const res = await h.app.inject({
    method: 'POST',
    url: '/admin-api/session',
    payload: {
      username: created.operator.username,
      password: created.password,
      totp: await totpCode(created.totpSecret, Date.now()),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const session = res.json<AdminSession>();
  const token = /admin_session=([^;]+)/.exec(String(res.headers['set-cookie']))![1]!;
  const headers = { cookie: `${ADMIN_COOKIE}=${token}`, [CSRF_HEADER]: session.csrfToken };
  return (method, url, body) =>
    h.app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as object }) });
}

export interface Member {
  id: number;
  token: string;
}

export async function newMember(h: Harness): Promise<Member> {
  const guest = await h.client.registerGuest();
  return { id: guest.info.id, token: guest.token };
}

/** A deposit of the package or plan code, not paid. */
export async function pendingOrder(h: Harness, member: Member, code = 'c680'): Promise<string> {
  const vip = !code.startsWith('c');
  const deposit = await dataOf<DepositOrder>(
    h.client,
    vip ? API.depositVip : API.depositCoin,
    vip
      ? { planId: await idOf(h.db, 'vip_plans', code), payType: 'alipay' }
      : { packageId: await idOf(h.db, 'coin_packages', code), payType: 'wxpay' },
    member.token,
  );
  return deposit.orderNo;
}

/** A deposit paid by a notify, as the gateway sends it. c680 credits 780 coins for ¥68.00. */
export async function paidOrder(h: Harness, member: Member, code = 'c680'): Promise<string> {
  const orderNo = await pendingOrder(h, member, code);
  const order = await h.db.one<{ amountFen: number }>(
    'SELECT amount_fen AS "amountFen" FROM orders WHERE order_no = $1',
    [orderNo],
  );
  expect((await sendNotify(h, notifyParams(h.config, { orderNo, amountFen: order!.amountFen }))).text).toBe('success');
  return orderNo;
}

export const coinsOf = async (h: Harness, userId: number): Promise<number> =>
  (await h.db.one<{ coins: number }>('SELECT coins FROM users WHERE id = $1', [userId]))!.coins;

export const ledgerOf = (h: Harness, userId: number) =>
  h.db.query<{ delta: number; type: string; ref: string | null }>(
    `SELECT delta, type, ref FROM ledger_entries WHERE user_id = $1 AND asset = 'coins' ORDER BY id`,
    [userId],
  );

export const auditRows = (h: Harness, action: string, targetId: string) =>
  h.db.query<{ after: Record<string, unknown> }>(
    'SELECT after FROM audit_log WHERE action = $1 AND target_id = $2 ORDER BY id',
    [action, targetId],
  );
