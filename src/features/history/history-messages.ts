/** The zh-CN strings of the watch history; same rules as src/messages.ts. */

export const historyMessages = {
  history: {
    tabs: { watch: '观看', read: '阅读' },
    label: '历史类型',
    groups: { today: '今天', yesterday: '昨天', earlier: '更早' },
    resume: (time: string) => `继续观看 ${time}`,
    watchedTo: (time: string) => `上次看到 ${time}`,
    watchedAll: '已看完',
    progress: (percent: number) => `已看 ${percent}%`,
    clear: '清空',
    clearTitle: { watch: '清空观看历史', read: '清空阅读历史' },
    clearText: '清空后不可恢复，确定要清空吗？',
    clearConfirm: '清空',
    cleared: '已清空',
    emptyWatch: '还没有观看记录',
    emptyRead: '还没有阅读记录',
    hint: { watch: '观看记录随账号同步，离线时也能查看', read: '阅读记录仅保存在本设备上' },
  },
} as const;
