/**
 * 用户: search members and open one (财务, 审核 and 超级管理员; 审核 sees no balances), their coin
 * and points ledgers, VIP history and manual adjustments (财务 and 超级管理员 only: 403 for 审核). A member of a
 * site outside the operator's answers 403. An adjustment goes through the ledger (type 'adjust') in
 * one transaction with its audit row, and never takes a balance below zero (400 naming delta).
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AdjustResult } from '../../../contract/admin/money.ts';
import type { OperatorInfo } from '../../../contract/admin/session.ts';
import { Code } from '../../../contract/protocol/codes.ts';
import { ApiError } from '../../api-error.ts';
import { changeCoins, changePoints } from '../../db/ledger.ts';
import type { AdminDeps } from '../admin-deps.ts';
import { AdminHttpError, badField } from '../admin-errors.ts';
import { auditOf, parseInput } from '../admin-input.ts';
import { audit } from '../audit.ts';
import { assertSite, operatorOf, requireRole } from '../guards.ts';
import { moneyMessages as text } from './money-messages.ts';
import { adjustBody, ledgerQuery, userIdParams, userQuery } from './money-input.ts';
import { adminLedgerPage, listUsers, siteOfUser, userDetail, vipHistory } from './user-store.ts';

const seesBalances = (operator: OperatorInfo) => operator.role === 'super' || operator.role === 'finance';

export const userRoutes: FastifyPluginAsync<AdminDeps> = async (api, { db, now }) => {
  async function userIdOf(req: FastifyRequest): Promise<number> {
    const { id } = parseInput(userIdParams, req.params);
    const siteId = await siteOfUser(db, id);
    if (siteId === undefined) throw new AdminHttpError(404, text.userMissing(id));
    assertSite(operatorOf(req), siteId);
    return id;
  }

  api.get('/users', { preHandler: requireRole('finance', 'moderator') }, async (req) => {
    const query = parseInput(userQuery, req.query);
    const operator = operatorOf(req);
    if (query.siteId !== undefined) assertSite(operator, query.siteId);
    if (query.sort.column !== 'createdAt' && !seesBalances(operator)) throw badField('sort', text.balancesHidden);
    return listUsers(db, { ...query, siteIds: operator.siteIds, balances: seesBalances(operator) });
  });

  api.get('/users/:id', { preHandler: requireRole('finance', 'moderator') }, async (req) => {
    const id = await userIdOf(req);
    return (await userDetail(db, id, seesBalances(operatorOf(req)), now()))!;
  });

  api.get('/users/:id/ledger', { preHandler: requireRole('finance') }, async (req) => {
    const id = await userIdOf(req);
    const { asset, cursor } = parseInput(ledgerQuery, req.query);
    return adminLedgerPage(db, id, asset, cursor);
  });

  api.get('/users/:id/vip', { preHandler: requireRole('finance') }, async (req) => ({
    list: await vipHistory(db, await userIdOf(req)),
  }));

  api.post('/users/:id/adjust', { preHandler: requireRole('finance') }, async (req): Promise<AdjustResult> => {
    const id = await userIdOf(req);
    const { asset, delta, reason } = parseInput(adjustBody, req.body);
    const change = { userId: id, delta, type: 'adjust' as const, title: `后台调整：${reason}`.slice(0, 120) };
    try {
      return await db.tx(async (q) => {
        const balance = asset === 'coins' ? await changeCoins(q, change) : await changePoints(q, change);
        await audit(q, {
          ...auditOf(req),
          action: 'user.adjust',
          targetType: 'user',
          targetId: id,
          before: { [asset]: balance - delta },
          after: { [asset]: balance, delta, reason },
        });
        return { asset, delta, balance };
      });
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== Code.Insufficient) throw error;
      const row = await db.one<{ balance: number }>(`SELECT ${asset} AS balance FROM users WHERE id = $1`, [id]);
      throw badField('delta', text.belowZero(asset, row?.balance ?? 0));
    }
  });
};
