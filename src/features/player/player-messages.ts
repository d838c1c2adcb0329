/** The player's words beyond messages.play: the 清晰度 menu. */
export const playerMessages = {
  quality: '清晰度',
  /** Touch, keys and the platform (player-gestures.ts, use-player-keys.ts, player-indicator.tsx). */
  holdBadge: '3x 快进中',
  brightness: '亮度',
  volume: '音量',
  muted: '静音',
  seekBy: (seconds: number) => (seconds >= 0 ? `快进 ${seconds} 秒` : `快退 ${-seconds} 秒`),
  pip: '画中画',
  exitPip: '退出画中画',
} as const;
