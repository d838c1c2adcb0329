/** The episode list's words (选集), on the detail and play pages and in the watch history. */
export const episodeMessages = {
  heading: '选集',
  count: (n: number) => `共 ${n} 集`,
  /** A series' card, where a film's shows its duration. */
  cardCount: (n: number) => `全${n}集`,
  numbered: (n: number) => `第${n}集`,
  /** The chip's full name: its number and, when it has one of its own, its title. */
  label: (n: number, title: string) => (title && title !== `第${n}集` ? `第${n}集 ${title}` : `第${n}集`),
  playing: '正在播放',
  /** The detail page's play button (movie-gate.tsx): part-way through episode n, or on to it. */
  resume: (n: number, time: string) => `继续观看 第${n}集 ${time}`,
  resumeNext: (n: number) => `继续观看 第${n}集`,
} as const;
