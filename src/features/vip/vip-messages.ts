/** The zh-CN strings of the VIP; same rules as src/messages.ts. */

export const vipMessages = {
  vip: {
    statusTitle: 'VIP 会员',
    active: (date: string) => `有效期至 ${date}`,
    inactive: '尚未开通，开通后畅看全部 VIP 影片',
    plans: '选择套餐',
    days: (days: number) => `${days} 天`,
    perDay: (amount: string) => `约 ¥${amount}/天`,
    submit: '立即开通',
    renew: '立即续费',
    paidTitle: 'VIP 开通成功',
    paidText: (date: string) => `会员有效期至 ${date}，尽情观看吧`,
    benefits: '会员权益',
    benefitList: [
      { title: 'VIP 影片畅看', text: '全部 VIP 影片不限次观看' },
      { title: '告别试看', text: '无需等待，完整版直接播放' },
      { title: '尊贵标识', text: '个人主页与评论专属 VIP 徽章' },
      { title: '积分加速', text: '观看与签到任务轻松拿积分' },
    ],
    emptyPlans: '暂无可开通的套餐',
    agreement: '开通即表示同意《会员服务协议》，虚拟商品一经开通不支持退款',
  },
} as const;
