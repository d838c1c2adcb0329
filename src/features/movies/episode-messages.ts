/** The episode list's words (选集), on the detail and play pages and in the watch history. */

/**
 * A title that only says the episode's number (第02集, 第2话, 02, EP2: what collected sources give
 * their episodes) is no title of its own.
 */
const restatesNumber = (n: number, title: string): boolean =>
  new RegExp(`^(?:第\\s*0*${n}\\s*[集话話期]|0*${n}|ep?\\s*0*${n})$`, 'i').test(title.trim());

export const episodeMessages = {
  heading: '选集',
  /**
   * A series' ready episodes, on its card (where a film's shows its duration) and over its 选集.
   * `finished` undefined: a card or detail kept on the device from before the field, finished.
   */
  count: (n: number, finished: boolean | undefined) => (finished === false ? `更新至第${n}集` : `全${n}集`),
  numbered: (n: number) => `第${n}集`,
  /** The chip's full name: its number and, when it has one of its own, its title. */
  label: (n: number, title: string) => (title && !restatesNumber(n, title) ? `第${n}集 ${title}` : `第${n}集`),
  playing: '正在播放',
  /** The detail page's play button (movie-gate.tsx): part-way through episode n, or on to it. */
  resume: (n: number, time: string) => `继续观看 第${n}集 ${time}`,
  resumeNext: (n: number) => `继续观看 第${n}集`,
} as const;
