/**
 * Site-level word lists (zh-CN): post tags, featured collections, banners and the data dictionary.
 * Data only; ids and links are assigned in the plan modules.
 */

/** Tags used by forum topics, gossip and articles (movie tags live beside the genres). */
export const POST_TAGS = [
  '影评',
  '片单',
  '求片',
  '吐槽',
  '新人',
  '公告',
  '爆料',
  '热议',
  '幕后',
  '票房',
  '综艺',
  '网红',
] as const;

/** Which movies a featured collection gathers: a genre, a region, or the most viewed of all. */
export type FeaturedPick = { genre: string } | { region: string } | { top: true };

export interface FeaturedWords {
  title: string;
  description: string;
  pick: FeaturedPick;
}

export const FEATURED: readonly FeaturedWords[] = [
  {
    title: '高分悬疑精选',
    description: '层层反转，烧脑到最后一秒，推理迷不可错过的悬疑佳作。',
    pick: { genre: '悬疑' },
  },
  {
    title: '港片黄金年代',
    description: '枪火、江湖与兄弟情，重温那个星光熠熠的香港电影时代。',
    pick: { region: '香港' },
  },
  { title: '治愈系动画合集', description: '温柔的画风，温暖的故事，给疲惫的日子一点点光。', pick: { genre: '动画' } },
  { title: '深夜恐怖片单', description: '胆小者慎入：关灯、戴耳机，挑战你的心理极限。', pick: { genre: '恐怖' } },
  { title: '科幻迷必看', description: '从深空到赛博都市，想象力的尽头就是这些电影。', pick: { genre: '科幻' } },
  { title: '年度口碑佳作', description: '播放量与好评双高，大家都在看的年度之选。', pick: { top: true } },
  { title: '一口气看完的喜剧', description: '不烧脑、不虐心，笑完就是好心情。', pick: { genre: '喜剧' } },
  { title: '心动的爱情电影', description: '错过、重逢与告白，总有一个故事让你想起某个人。', pick: { genre: '爱情' } },
  { title: '韩影复仇与救赎', description: '冷峻、凌厉又后劲十足，韩国电影最擅长的那一面。', pick: { region: '韩国' } },
  { title: '热血动作大片', description: '拳拳到肉的打斗与飙车，肾上腺素拉满。', pick: { genre: '动作' } },
  { title: '纪录片里的大千世界', description: '山川湖海、人间烟火，用镜头认识真实的世界。', pick: { genre: '纪录片' } },
  { title: '光影里的烽火岁月', description: '铭记历史，致敬每一个平凡而伟大的人。', pick: { genre: '战争' } },
];

/** Banner titles; `link` is filled by the plan (a movie, a collection, a topic or a section). */
export const BANNERS = [
  { title: '新片上线 独家首播', target: 'newest-movie' },
  { title: '高分悬疑精选 烧脑到最后一秒', target: 'featured-1' },
  { title: 'VIP 会员专区 海量大片免费看', target: '/vip' },
  { title: '论坛观影季 发帖赢会员', target: 'event-topic' },
  { title: '吃瓜前线 一手八卦', target: '/chigua' },
  { title: '港片黄金年代 经典重温', target: 'featured-2' },
] as const;

export type BannerTarget = (typeof BANNERS)[number]['target'];

/** The data dictionary: contentType drives the /{type} pages; the others label sorts and regions. */
export const DICTIONARY: Readonly<Record<string, readonly (readonly [key: string, label: string])[]>> = {
  contentType: [
    ['vip', 'VIP专区'],
    ['free', '免费专区'],
    ['hot', '热门排行'],
    ['new', '最新上线'],
    ['coins', '精品付费'],
  ],
  movieSort: [
    ['new', '最新'],
    ['hot', '最热'],
    ['like', '最多点赞'],
  ],
  postSort: [
    ['new', '最新'],
    ['hot', '最热'],
    ['reply', '最多回复'],
  ],
};

export const CDN_LINES = [
  { id: 1, name: '线路一', url: '/cdn/1' },
  { id: 2, name: '线路二', url: '/cdn/2' },
] as const;
