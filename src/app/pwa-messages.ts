/**
 * The zh-CN strings of the PWA parts (update prompt, offline bar, offline likes). Same rules as
 * src/messages.ts; kept apart because messages.ts is part of the entry bundle, which has no room
 * left (docs/performance.md): these load with the PWA chunk after the first render.
 */
export const pwaMessages = {
  update: {
    title: '发现新版本',
    text: '新版本已准备好，更新后页面会重新载入。',
    now: '立即更新',
    later: '稍后',
    afterVideo: '视频暂停或播放结束后自动更新',
  },
  offline: {
    title: '网络已断开',
    text: '正在显示已缓存的内容',
  },
  queued: '已离线保存，联网后自动同步',
} as const;
