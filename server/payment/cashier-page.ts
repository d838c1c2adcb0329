/**
 * The sandbox cashier's HTML: a small, self-contained zh-CN page (inline CSS, no script) showing
 * the order with a 确认支付 button (a POST form) and a 取消 link back to the app, or a message page
 * (paid already, unknown order, notify failed). Every dynamic text is HTML-escaped.
 */
import type { PayType } from '../../contract/enums.ts';
import { fenToYuan } from './money.ts';

export interface CashierView {
  siteTitle: string;
  primaryColor: string;
  orderNo: string;
  title: string;
  amountFen: number;
  payType: PayType;
  createdAt: Date;
  /** Where the form posts (the confirm route). */
  confirmAction: string;
  /** Where 模拟支付失败 posts (a failed payment, no notify). */
  failAction?: string;
  /** The app's screen to return to (cancel). */
  returnPath: string;
}

export interface MessageView {
  siteTitle: string;
  primaryColor: string;
  heading: string;
  text: string;
  link: { href: string; label: string } | null;
}

const PAY_NAMES: Record<PayType, { name: string; color: string }> = {
  alipay: { name: '支付宝', color: '#1677ff' },
  wxpay: { name: '微信支付', color: '#07c160' },
};

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const safeColor = (color: string): string => (/^#[0-9a-fA-F]{3,8}$/.test(color) ? color : '#ff6a00');

const shanghaiTime = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  dateStyle: 'medium',
  timeStyle: 'medium',
});

const STYLE = `
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
background:#f3f4f6;font:15px/1.6 -apple-system,BlinkMacSystemFont,"PingFang SC","Microsoft YaHei",sans-serif;color:#1f2937}
.card{width:min(420px,calc(100vw - 32px));background:#fff;border-radius:16px;overflow:hidden;box-shadow:0 10px 30px rgba(0,0,0,.08)}
header{padding:18px 22px;color:#fff;background:var(--brand);display:flex;justify-content:space-between;align-items:center}
header b{font-size:17px}.tag{font-size:12px;padding:2px 8px;border-radius:999px;background:rgba(255,255,255,.25)}
main{padding:22px}.amount{text-align:center;font-size:38px;font-weight:700;margin:4px 0 18px}.amount small{font-size:20px}
dl{margin:0 0 22px;display:grid;grid-template-columns:auto 1fr;gap:8px 16px}dt{color:#6b7280}dd{margin:0;text-align:right;word-break:break-all}
button{width:100%;border:0;border-radius:10px;padding:13px;font-size:16px;color:#fff;background:var(--pay);cursor:pointer}
button:active{opacity:.85}button.fail{margin-top:10px;background:#fff;color:#6b7280;border:1px solid #e5e7eb}.cancel{display:block;text-align:center;margin-top:14px;color:#6b7280;text-decoration:none}
.note{margin:18px 0 0;font-size:12px;color:#9ca3af;text-align:center}h1{font-size:20px;margin:0 0 8px}p{margin:0 0 18px;color:#4b5563}
a.button{display:block;text-align:center;border-radius:10px;padding:12px;color:#fff;background:var(--brand);text-decoration:none}`;

function page(
  siteTitle: string,
  primaryColor: string,
  headTitle: string,
  body: string,
  payColor = primaryColor,
): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(headTitle)} - ${escapeHtml(siteTitle)}</title>
<style>:root{--brand:${safeColor(primaryColor)};--pay:${safeColor(payColor)}}${STYLE}</style></head>
<body><div class="card"><header><b>${escapeHtml(siteTitle)} · 收银台</b><span class="tag">沙箱环境</span></header>
<main>${body}</main></div></body></html>`;
}

export function renderCashier(v: CashierView): string {
  const pay = PAY_NAMES[v.payType];
  const [yuan, fen] = fenToYuan(v.amountFen).split('.');
  const rows: [string, string][] = [
    ['商品', v.title],
    ['订单号', v.orderNo],
    ['支付方式', pay.name],
    ['创建时间', shanghaiTime.format(v.createdAt)],
  ];
  const body = `<div class="amount"><small>¥</small>${yuan}<small>.${fen}</small></div>
<dl>${rows.map(([k, val]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(val)}</dd>`).join('')}</dl>
<form method="post" action="${escapeHtml(v.confirmAction)}"><button type="submit">确认支付（${escapeHtml(pay.name)}）</button></form>
${v.failAction ? `<form method="post" action="${escapeHtml(v.failAction)}"><button type="submit" class="fail">模拟支付失败</button></form>` : ''}
<a class="cancel" href="${escapeHtml(v.returnPath)}">取消</a>
<p class="note">这是演示用的沙箱收银台，确认后即视为支付成功，不会产生真实扣款。</p>`;
  return page(v.siteTitle, v.primaryColor, '确认支付', body, pay.color);
}

export function renderMessage(v: MessageView): string {
  const link = v.link ? `<a class="button" href="${escapeHtml(v.link.href)}">${escapeHtml(v.link.label)}</a>` : '';
  return page(
    v.siteTitle,
    v.primaryColor,
    v.heading,
    `<h1>${escapeHtml(v.heading)}</h1><p>${escapeHtml(v.text)}</p>${link}`,
  );
}
