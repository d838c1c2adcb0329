/** The zh-CN strings of the settings; same rules as src/messages.ts. */

export const settingsMessages = {
  setting: {
    appearance: '外观',
    account: '账号与安全',
    bindAccount: '绑定账号',
    bindHint: '绑定后换设备也能登录',
    boundAs: (account: string) => `已绑定 ${account}`,
    data: '数据',
    clearData: '清除本地数据',
    clearHint: '清除缓存、历史记录与本机登录状态',
    clearTitle: '清除本地数据',
    clearText: '将清除本设备上的缓存、观看与阅读历史、搜索记录和登录状态，然后重新加载。',
    clearUnboundWarning: '当前账号尚未绑定，清除后将无法找回这个游客身份（包括 VIP 与金币）。建议先绑定账号。',
    clearConfirm: '清除并重新加载',
    about: '关于',
    version: '版本',
    cdnLine: '媒体线路',
    cdnLineHint: '自动选择最快的线路',
    cdnLineTesting: '测速中',
    logout: '退出登录',
    logoutTitle: '退出登录',
    logoutText:
      '退出后将清除本机的观看记录、阅读记录、收藏与喜欢、草稿、离线下载、搜索记录和缓存，然后以游客身份继续浏览。',
  },
} as const;
