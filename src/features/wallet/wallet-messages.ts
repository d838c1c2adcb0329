/** The zh-CN strings of the wallet; same rules as src/messages.ts. */
import type { LedgerType, PayType } from '../../../contract/enums.ts';

export const walletMessages = {
  pay: {
    method: '支付方式',
    types: { alipay: '支付宝', wxpay: '微信支付' } satisfies Record<PayType, string>,
    yuan: (amount: string) => `¥${amount}`,
    total: '合计',
    redirecting: '正在前往收银台…',
    returnChecking: '正在确认支付结果…',
    returnPaid: '支付成功',
    returnPending: '暂未收到支付结果',
    returnPendingHint: '如果已经付款，请稍候片刻再刷新；未付款可以重新下单。',
    returnMissing: '没有找到这笔订单',
    recheck: '刷新状态',
    dismiss: '知道了',
    orderNo: (no: string) => `订单号 ${no}`,
  },
  wallet: {
    balance: '金币余额',
    hint: '金币可用于购买付费影片与文章',
    packages: '充值金币',
    coins: (coins: number) => `${coins} 金币`,
    bonus: (coins: number) => `赠 ${coins}`,
    submit: '立即充值',
    paidTitle: '充值成功',
    paidText: (coins: number, balance: number) => `${coins} 金币已到账，当前余额 ${balance} 金币`,
    ledger: '收支明细',
    emptyLedger: '还没有收支记录',
    balanceAfter: (balance: number) => `余额 ${balance}`,
    types: {
      deposit: '充值',
      purchase: '购买',
      exchange: '兑换',
      task: '任务',
      adjust: '调整',
      refund: '退款',
    } satisfies Record<LedgerType, string>,
    emptyPackages: '暂无可选的充值套餐',
  },
} as const;
