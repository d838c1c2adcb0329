/**
 * 订单与退款 (财务 and 超级管理员): the order list and one order with its notifies and refund,
 * 重新查询 at the gateway (credits once, through the notify's own path), what a refund would do
 * (the dialog's preview) and the refund; 批量重新查询 of the pending orders among those chosen, one
 * after another as the single one asks. A site-limited operator sees its sites' orders only: a site
 * filter outside them, or another site's order (among those chosen: before any is asked), answers
 * 403. Every recheck and refund is audited in its transaction.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { BulkRecheckResult, RecheckResult, RefundPreview, RefundResult } from '../../../contract/admin/money.ts';
import { findOrder, type Order } from '../../db/orders.ts';
import { recheckOrder, RECHECK_MESSAGES } from '../../payment/recheck.ts';
import { previewRefund, refundOrder } from '../../payment/refund.ts';
import type { AdminDeps } from '../admin-deps.ts';
import { AdminHttpError } from '../admin-errors.ts';
import { auditOf, parseInput } from '../admin-input.ts';
import { audit } from '../audit.ts';
import { assertSite, operatorOf, requireRole } from '../guards.ts';
import { moneyMessages as text } from './money-messages.ts';
import { bulkRecheckBody, orderNoParams, orderQuery, refundBody } from './money-input.ts';
import { findOrderRow, listOrders, orderDetail } from './order-store.ts';

const finance = requireRole('finance');

export const orderRoutes: FastifyPluginAsync<AdminDeps> = async (api, { db, config, now }) => {
  /** The order of the path, after the operator's site check; 404 when there is none. */
  async function orderOfPath(req: FastifyRequest) {
    const { orderNo } = parseInput(orderNoParams, req.params);
    const order = await findOrder(db, orderNo);
    if (!order) throw new AdminHttpError(404, text.orderMissing(orderNo));
    assertSite(operatorOf(req), order.siteId);
    return order;
  }

  api.get('/orders', { preHandler: finance }, async (req) => {
    const query = parseInput(orderQuery, req.query);
    const { siteIds } = operatorOf(req);
    if (query.siteId !== undefined) assertSite(operatorOf(req), query.siteId);
    return listOrders(db, { ...query, siteIds });
  });

  api.get('/orders/:orderNo', { preHandler: finance }, async (req) => {
    const order = await orderOfPath(req);
    return orderDetail(db, (await findOrderRow(db, order.orderNo))!);
  });

  /** 重新查询 of one order at the gateway, audited in the transaction of its outcome. */
  const recheck = (req: FastifyRequest, order: Order) =>
    recheckOrder({ db, config, now: now() }, order, (q, outcome, note) =>
      audit(q, {
        ...auditOf(req),
        action: 'order.recheck',
        targetType: 'order',
        targetId: order.orderNo,
        before: { status: order.status },
        after: { outcome, note },
      }),
    );

  api.post('/orders/recheck', { preHandler: finance }, async (req): Promise<BulkRecheckResult> => {
    const { orderNos } = parseInput(bulkRecheckBody, req.body);
    const orders: Order[] = [];
    for (const orderNo of new Set(orderNos)) {
      const order = await findOrder(db, orderNo);
      if (!order) throw new AdminHttpError(404, text.orderMissing(orderNo));
      assertSite(operatorOf(req), order.siteId);
      orders.push(order);
    }
    const results: BulkRecheckResult['results'] = [];
    for (const order of orders) {
      const outcome = order.status === 'pending' ? (await recheck(req, order)).outcome : 'skipped';
      results.push({ orderNo: order.orderNo, outcome, order: (await findOrderRow(db, order.orderNo))! });
    }
    return { results };
  });

  api.post('/orders/:orderNo/recheck', { preHandler: finance }, async (req): Promise<RecheckResult> => {
    const order = await orderOfPath(req);
    const done = await recheck(req, order);
    return {
      outcome: done.outcome,
      message: RECHECK_MESSAGES[done.outcome],
      order: (await findOrderRow(db, order.orderNo))!,
    };
  });

  api.get('/orders/:orderNo/refund-preview', { preHandler: finance }, async (req): Promise<RefundPreview> => {
    const order = await orderOfPath(req);
    const preview = await previewRefund(db, order, now());
    if (!preview) throw new AdminHttpError(409, text.notPaid(text.statusName[order.status] ?? order.status));
    return preview;
  });

  api.post('/orders/:orderNo/refund', { preHandler: finance }, async (req): Promise<RefundResult> => {
    const order = await orderOfPath(req);
    const { reason } = parseInput(refundBody, req.body);
    const answer = await db.tx(async (q) => {
      const result = await refundOrder(q, {
        orderNo: order.orderNo,
        reason,
        operatorId: operatorOf(req).id,
        now: now(),
      });
      if (result.kind === 'done' && !result.replayed) {
        const { refund } = result;
        await audit(q, {
          ...auditOf(req),
          action: 'order.refund',
          targetType: 'order',
          targetId: order.orderNo,
          before: { status: 'paid' },
          after: {
            status: 'refunded',
            reason,
            unit: refund.unit,
            credited: refund.credited,
            reversed: refund.reversed,
            refundFen: refund.refundFen,
          },
        });
      }
      return result;
    });
    if (answer.kind === 'missing') throw new AdminHttpError(404, text.orderMissing(order.orderNo));
    if (answer.kind === 'not-paid')
      throw new AdminHttpError(409, text.notPaid(text.statusName[answer.order.status] ?? answer.order.status));
    return {
      refund: answer.refund,
      replayed: answer.replayed,
      message: answer.replayed ? `这笔订单此前已退款：${answer.refund.message}` : answer.refund.message,
      order: (await findOrderRow(db, order.orderNo))!,
    };
  });
};
