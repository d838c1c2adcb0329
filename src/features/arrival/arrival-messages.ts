/** The zh-CN strings of the arrival guides; same rules as src/messages.ts. */

export const arrivalMessages = {
  inApp: {
    title: '请在浏览器中打开',
    wechat: '微信内无法安装本站，也无法保存观看记录与登录状态。',
    qq: 'QQ 内无法安装本站，也无法保存观看记录与登录状态。',
    step: '点击右上角 ··· 选择「在浏览器打开」',
    later: '继续在此浏览',
  },
  ios: {
    title: '添加到主屏幕',
    lead: '像 App 一样从桌面打开，全屏观看，加载更快',
    steps: ['点击浏览器底部的分享按钮', '在菜单中选择「添加到主屏幕」', '点击右上角的「添加」'],
    done: '我知道了',
    settingRow: '添加到主屏幕',
    settingHint: '在 Safari 中把本站装到桌面',
  },
} as const;
