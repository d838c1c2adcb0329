/** The zh-CN strings of the start dialogs; same rules as src/messages.ts. */

export const dialogMessages = {
  dialogs: {
    close: '关闭',
    later: '稍后再说',
    notice: {
      title: (site: string) => `欢迎来到${site}`,
      items: ['海量影片每日更新，高清流畅不卡顿', '收藏本站地址，防止走丢', '绑定账号，换设备也能找回会员与金币'],
      ok: '我知道了',
    },
    install: {
      title: '添加到主屏幕',
      text: '像 App 一样从桌面打开，加载更快，随时观看',
      install: '立即安装',
    },
    vip: {
      title: '开通 VIP 会员',
      text: '全部 VIP 影片畅看，告别试看限制',
      from: (amount: string) => `低至 ¥${amount} 起`,
      go: '立即开通',
    },
    checkin: {
      title: '今日签到',
      text: (points: number) => `今天还没有签到，签到可得 ${points} 积分`,
      go: '立即签到',
      done: (points: number) => `签到成功，积分 +${points}`,
      toMall: '去积分商城',
    },
  },
} as const;
