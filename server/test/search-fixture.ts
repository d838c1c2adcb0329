/**
 * The search tests' data: the content fixture plus a few rows worth searching (a film titled
 * 中国机长, posts with two-character words in their bodies, a hidden post, an author with a
 * distinctive nickname, a genre 悬疑 › 推理 with two films, a film whose title holds the name of
 * another genre, posts sharing a title), then the whole index built by reindexAll as the seeds do.
 */
import type { Db } from '../db/db.ts';
import { DEMO_SITE } from '../db/sites.ts';
import { reindexAll } from '../search/reindex.ts';
import { seedContent } from './content-fixture.ts';

export const SX = {
  captain: 40,
  /** Its title contains 中国机长 but is not it: ranks after the exact title. */
  captainDoc: 41,
  /** Body mentions 好看 and 剧情. */
  bodyPost: 120,
  hiddenPost: 121,
  pricedPost: 122,
  author: 9010,
  /** Films of the category 推理 under 悬疑 (the content fixture's movies in 警匪 are 1, 5, 9 …). */
  mystery: [43, 44],
  /** 警匪往事: its title holds the name of the category 警匪, yet it is a comedy, old and unseen. */
  copsTitle: 42,
  /** Three topics titled 求推荐几部推理片, and one other about 推理. */
  sameTitlePosts: [123, 124, 125],
  otherTitlePost: 126,
  /** A topic and a 吃瓜 post found by their titles' pinyin and initials. */
  spelledTopic: 127,
  spelledChigua: 128,
} as const;

/** The content fixture with its index built, as the seeds build it. */
export async function seedIndexedContent(db: Db): Promise<void> {
  await seedContent(db);
  await reindexAll(db);
}

export async function seedSearch(db: Db): Promise<void> {
  await seedContent(db);
  const site = await db.one<{ id: number }>('SELECT id FROM sites WHERE account_id = $1', [DEMO_SITE.accountId]);
  await db.exec(`
INSERT INTO categories (id, parent_id, name, route, topic_id, icon, sort, depth) VALUES
  (13, 1, '悬疑', NULL, NULL, NULL, 3, 2), (131, 13, '推理', NULL, NULL, NULL, 1, 3);
INSERT INTO movies (id, title, description, poster, duration_s, views, likes, category_id, access, price_coins,
                    trial_s, region, year, published_at) VALUES
  (${SX.captain}, '中国机长', '根据真实事件改编的民航故事', 'posters/m40', 6000, 5, 0, 111, 'free', 0, 0, '大陆', 2019,
   '2025-03-01 00:00:00+00'),
  (${SX.captainDoc}, '中国机长幕后纪录片', '拍摄中国机长的幕后花絮', 'posters/m41', 3000, 90000, 900, 111, 'free', 0, 0,
   '大陆', 2020, '2025-03-02 00:00:00+00'),
  (${SX.copsTitle}, '警匪往事', '一部老喜剧', 'posters/m42', 5000, 0, 0, 12, 'free', 0, 0, '大陆', 1998,
   '2024-01-01 00:00:00+00'),
  (${SX.mystery[0]}, '雾中之城', '雾里的城', 'posters/m43', 5000, 300, 30, 131, 'free', 0, 0, '大陆', 2024,
   '2025-05-01 00:00:00+00'),
  (${SX.mystery[1]}, '雨夜来客', '雨夜敲门的人', 'posters/m44', 5000, 50, 3, 131, 'free', 0, 0, '香港', 2023,
   '2025-05-02 00:00:00+00');
INSERT INTO users (id, site_id, device_id, nickname, avatar, bio) VALUES
  (${SX.author}, ${site!.id}, 'search-author', '星空漫步者', '/avatar/9.webp', '喜欢科幻电影');
INSERT INTO posts (id, kind, category_id, author_id, title, summary, body, created_at, price_coins, hidden_at) VALUES
  (${SX.bodyPost}, 'topic', 21, ${SX.author}, '周末看了什么', '', '这部电影的剧情真的很好看，推荐大家去看。',
   now() - interval '1 day', 0, NULL),
  (${SX.hiddenPost}, 'topic', 21, ${SX.author}, '被隐藏的帖子', '', '隐藏内容里也有好看的剧情。', now(), 0, now()),
  (${SX.pricedPost}, 'article', 31, ${SX.author}, '付费文章', '公开的摘要', '付费正文里的秘密剧情', now(), 20, NULL),
  (${SX.sameTitlePosts[0]}, 'topic', 21, ${SX.author}, '求推荐几部推理片', '', '越烧脑越好。', now() - interval '2 hours', 0, NULL),
  (${SX.sameTitlePosts[1]}, 'topic', 21, 9001, '求推荐几部推理片', '', '最好是日本的。', now() - interval '3 hours', 0, NULL),
  (${SX.sameTitlePosts[2]}, 'topic', 21, 9002, '求推荐几部推理片', '', '老片也行。', now() - interval '4 hours', 0, NULL),
  (${SX.otherTitlePost}, 'topic', 22, 9003, '推理小说改编的佳作', '', '原著党来聊聊。', now() - interval '5 days', 0, NULL),
  (${SX.spelledTopic}, 'topic', 22, 9003, '《流浪方舟》和《孤岛尖兵》哪部更好看？', '', '各有各的好。', now() - interval '6 days', 0, NULL),
  (${SX.spelledChigua}, 'chigua', 31, 9002, '某顶流深夜现身机场', '据说要进组', '路人拍到的照片。', now() - interval '7 days', 0, NULL);
`);
  await reindexAll(db);
}
