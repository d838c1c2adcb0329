/** The console money calls' messages (zh-CN). */
export const moneyMessages = {
  orderMissing: (orderNo: string) => `订单不存在：${orderNo}`,
  userMissing: (id: number) => `用户不存在：${id}`,
  notPaid: (status: string) => `只有已支付的订单可以退款（当前状态：${status}）`,
  reason: '请填写原因',
  reasonTooLong: (max: number) => `原因不能超过 ${max} 个字`,
  delta: '调整数量必须是非零整数',
  deltaTooLarge: (max: number) => `单次调整不能超过 ${max}`,
  asset: 'asset 必须是 coins 或 points',
  belowZero: (asset: string, balance: number) =>
    `调整后${asset === 'coins' ? '金币' : '积分'}余额不能小于 0（当前余额 ${balance}）`,
  cursor: '分页游标无效',
  limit: (max: number) => `每页条数须为 1-${max} 的整数`,
  dates: '开始日期不能晚于结束日期',
  statusName: {
    pending: '待支付',
    paid: '已支付',
    failed: '支付失败',
    expired: '已关闭',
    refunded: '已退款',
  } as Record<string, string>,
} as const;
