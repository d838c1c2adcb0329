/** The episode list's words (选集), on the detail and play pages and in the watch history. */
export const episodeMessages = {
  heading: '选集',
  /**
   * A series' ready episodes, on its card (where a film's shows its duration) and over its 选集.
   * `finished` undefined: a card or detail kept on the device from before the field, finished.
   */
  count: (n: number, finished: boolean | undefined) => (finished === false ? `更新至第${n}集` : `全${n}集`),
  numbered: (n: number) => `第${n}集`,
  /** The chip's full name: its number and, when it has one of its own, its title. */
  label: (n: number, title: string) => (title && title !== `第${n}集` ? `第${n}集 ${title}` : `第${n}集`),
  playing: '正在播放',
  /** The detail page's play button (movie-gate.tsx): part-way through episode n, or on to it. */
  resume: (n: number, time: string) => `继续观看 第${n}集 ${time}`,
  resumeNext: (n: number) => `继续观看 第${n}集`,
} as const;
