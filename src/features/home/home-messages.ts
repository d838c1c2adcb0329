/** The zh-CN strings of home's own parts; same rules as src/messages.ts. */

export const homeMessages = {
  /** The 继续观看 row (continue-watching.tsx). */
  continueRow: {
    title: '继续观看',
    progress: (percent: number) => `已看 ${percent}%`,
  },
} as const;
