/** The player's words for series and trials (auto-next, skip marks, the trial's end); same rules as src/messages.ts. */
export const seriesMessages = {
  upNext: (label: string) => `即将播放 ${label}`,
  countdown: (seconds: number) => `${seconds} 秒后自动播放`,
  cancel: '取消',
  playNow: '立即播放',
  skippedIntro: '已跳过片头',
  skippedOutro: '已跳过片尾',
  skipMarks: '跳过片头片尾',
  skipMarksHint: '播放剧集时自动跳过片头和片尾',
  on: '开',
  off: '关',
  skipMarksLabel: (on: boolean) => (on ? '跳过片头 开' : '跳过片头 关'),
  trialEndedCoins: '购买后即可观看完整影片',
  trialBannerCoins: (seconds: number) => `试看 ${seconds} 秒，购买后观看完整版`,
} as const;
