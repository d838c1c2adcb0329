/**
 * The payment sandbox's HTTP routes (outside the /api protocol: plain HTML and text):
 *
 *   GET  /pay/cashier/:orderNo          the cashier page of a pending order (cashier-page.ts)
 *   POST /pay/cashier/:orderNo/confirm  "pays": the sandbox records the payment on its side
 *                                       (sandbox-gateway.ts), sends the signed epay notify to this
 *                                       server's own /pay/notify over real HTTP, then 303 to the
 *                                       app's screen (/mine/vip?order=NO or /mine/wallet?order=NO),
 *                                       which polls
 *   POST /pay/cashier/:orderNo/fail     a failed payment (recorded, no notify, as epay sends none),
 *                                       then 303 to the app's screen
 *   GET|POST /pay/notify                the epay-style notify (notify.ts): `success` or `fail`
 *   GET|POST /pay/api.php?act=order     the gateway's signed order query (sandbox-gateway.ts), JSON
 *
 * Bodies are read as text (form-urlencoded for the notify); nothing here answers 5xx.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import { findOrder, type Order } from '../db/orders.ts';
import { isBodyTooLarge } from '../oversized-body.ts';
import type { SiteDirectory } from '../site-directory.ts';
import { selfUrlOf } from './base-url.ts';
import { renderCashier, renderMessage, type MessageView } from './cashier-page.ts';
import { withSign, type PayParams } from './epay-sign.ts';
import { fenToYuan } from './money.ts';
import { handleNotify } from './notify.ts';
import { answerOrderQuery, findSandboxPayment, recordSandboxPayment, sandboxTradeNo } from './sandbox-gateway.ts';

export interface PaymentPluginOptions {
  db: Db;
  config: Config;
  sites: SiteDirectory;
  now: () => number;
}

export const CASHIER_PREFIX = '/pay/cashier/';
const ORDER_NO = /^[0-9A-Z]{20,32}$/;
const NOTIFY_TIMEOUT_MS = 10_000;

/** The app screen an order returns to; the app polls /deposit/order there. */
export const returnPathOf = (order: Pick<Order, 'kind' | 'orderNo'>): string =>
  `${order.kind === 'vip' ? '/mine/vip' : '/mine/wallet'}?order=${order.orderNo}`;

/** Query and body parameters (the body wins), first value of each. */
function paramsOf(req: FastifyRequest): PayParams {
  const params: PayParams = {};
  const sources = [req.url.split('?')[1] ?? '', typeof req.body === 'string' ? req.body : ''];
  for (const source of sources) {
    for (const [key, value] of new URLSearchParams(source)) params[key] = value;
  }
  return params;
}

const html = (reply: FastifyReply, status: number, body: string) =>
  reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    )
    .send(body);

export const paymentPlugin: FastifyPluginAsync<PaymentPluginOptions> = async (app, { db, config, sites, now }) => {
  const look = async (siteId: number | null) => {
    const site = siteId === null ? undefined : await sites.findById(siteId);
    return { siteTitle: site?.title ?? '支付中心', primaryColor: site?.primaryColor ?? '#ff6a00' };
  };
  const message = async (
    reply: FastifyReply,
    status: number,
    siteId: number | null,
    view: Omit<MessageView, 'siteTitle' | 'primaryColor'>,
  ) => html(reply, status, renderMessage({ ...(await look(siteId)), ...view }));
  const missing = (reply: FastifyReply) =>
    message(reply, 404, null, {
      heading: '订单不存在',
      text: '没有找到这笔订单，请回到应用重新下单。',
      link: { href: '/', label: '返回首页' },
    });
  const orderOf = async (orderNo: string) => (ORDER_NO.test(orderNo) ? findOrder(db, orderNo) : undefined);

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) => done(null, body));
  app.setErrorHandler((error, req, reply) => {
    req.log.warn({ err: error }, 'payment route failed');
    const status = isBodyTooLarge(error) ? 413 : 400;
    if (req.url.startsWith('/pay/notify')) return reply.code(status).type('text/plain; charset=utf-8').send('fail');
    return message(reply, status, null, {
      heading: '请求无效',
      text: '请回到应用重新发起支付。',
      link: { href: '/', label: '返回首页' },
    });
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/pay/notify',
    handler: async (req, reply) => {
      const answer = await handleNotify(paramsOf(req), { db, config, log: req.log, now: now() });
      return reply.type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(answer);
    },
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/pay/api.php',
    handler: async (req, reply) => {
      const answer = await answerOrderQuery(db, config, paramsOf(req));
      return reply.type('application/json; charset=utf-8').header('cache-control', 'no-store').send(answer);
    },
  });

  const failedPage = (reply: FastifyReply, order: Order) =>
    message(reply, 200, order.siteId, {
      heading: '支付失败',
      text: '这笔订单支付失败，请回到应用重新下单。',
      link: { href: returnPathOf(order), label: '返回应用' },
    });

  app.get<{ Params: { orderNo: string } }>(`${CASHIER_PREFIX}:orderNo`, async (req, reply) => {
    const order = await orderOf(req.params.orderNo);
    if (!order) return missing(reply);
    if (order.status === 'failed' || (await findSandboxPayment(db, order.orderNo))?.status === 'failed')
      return failedPage(reply, order);
    if (order.status === 'paid' || order.status === 'refunded') {
      const link = { href: returnPathOf(order), label: '返回应用' };
      return message(reply, 200, order.siteId, { heading: '订单已支付', text: `${order.title} 已支付成功。`, link });
    }
    return html(
      reply,
      200,
      renderCashier({
        ...(await look(order.siteId)),
        ...order,
        confirmAction: `${CASHIER_PREFIX}${order.orderNo}/confirm`,
        failAction: `${CASHIER_PREFIX}${order.orderNo}/fail`,
        returnPath: returnPathOf(order),
      }),
    );
  });

  app.post<{ Params: { orderNo: string } }>(`${CASHIER_PREFIX}:orderNo/confirm`, async (req, reply) => {
    const order = await orderOf(req.params.orderNo);
    if (!order) return missing(reply);
    if (order.status === 'pending') {
      const payment = await recordSandboxPayment(db, order, 'paid', now());
      if (payment.status === 'failed') return failedPage(reply, order);
    }
    if (order.status === 'pending' && (await sendNotify(order, selfUrlOf(config, req), config, req)) !== 'success') {
      const link = { href: `${CASHIER_PREFIX}${order.orderNo}`, label: '返回收银台重试' };
      return message(reply, 200, order.siteId, {
        heading: '支付结果通知失败',
        text: '支付结果暂未送达，请稍后重试。',
        link,
      });
    }
    return reply.code(303).header('location', returnPathOf(order)).header('cache-control', 'no-store').send();
  });

  app.post<{ Params: { orderNo: string } }>(`${CASHIER_PREFIX}:orderNo/fail`, async (req, reply) => {
    const order = await orderOf(req.params.orderNo);
    if (!order) return missing(reply);
    if (order.status === 'pending') await recordSandboxPayment(db, order, 'failed', now());
    return reply.code(303).header('location', returnPathOf(order)).header('cache-control', 'no-store').send();
  });
};

/** What a gateway does after a payment: POSTs the signed notify to the merchant's notify URL. */
async function sendNotify(order: Order, base: string, config: Config, req: FastifyRequest): Promise<string> {
  const params = withSign(
    {
      pid: config.PAY_PID,
      trade_no: sandboxTradeNo(order.orderNo),
      out_trade_no: order.orderNo,
      type: order.payType,
      name: order.title,
      money: fenToYuan(order.amountFen),
      trade_status: 'TRADE_SUCCESS',
    },
    config.PAY_KEY,
  );
  try {
    const res = await fetch(`${base}/pay/notify`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(params).toString(),
      signal: AbortSignal.timeout(NOTIFY_TIMEOUT_MS),
    });
    return (await res.text()).trim();
  } catch (error) {
    req.log.error({ err: error, orderNo: order.orderNo, base }, 'sandbox notify not delivered');
    return 'unreachable';
  }
}
