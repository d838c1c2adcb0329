/** The player's words beyond messages.play: the 清晰度 and 播放源 menus. */
export const playerMessages = {
  quality: '清晰度',
  /** The 播放源 menu (play-sources.ts), and the toast of a fail-over to another source. */
  source: '播放源',
  sourceSwitched: (name: string) => `播放源不可用，已切换到 ${name}`,
  qualityAuto: '自动',
  /** The rungs' names by height (quality.ts): 1080P and up, 720P, 480P, below. */
  qualityTiers: { ultra: '超清', high: '高清', clear: '清晰', smooth: '流畅' },
  /** Touch, keys and the platform (player-gestures.ts, use-player-keys.ts, player-indicator.tsx). */
  holdBadge: '3x 快进中',
  brightness: '亮度',
  volume: '音量',
  muted: '静音',
  seekBy: (seconds: number) => (seconds >= 0 ? `快进 ${seconds} 秒` : `快退 ${-seconds} 秒`),
  pip: '画中画',
  exitPip: '退出画中画',
  /** The video started muted because the browser refused sound (unmute-button.tsx). */
  unmute: '点击开启声音',
} as const;
