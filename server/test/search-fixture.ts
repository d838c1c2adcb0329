/**
 * The search tests' data: the content fixture plus a few rows worth searching (a film titled
 * 中国机长, posts with two-character words in their bodies, a hidden post, an author with a
 * distinctive nickname), then the whole index built by reindexAll as the seeds do.
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
INSERT INTO movies (id, title, description, poster, duration_s, views, likes, category_id, access, price_coins,
                    trial_s, region, year, published_at) VALUES
  (${SX.captain}, '中国机长', '根据真实事件改编的民航故事', 'posters/m40', 6000, 5, 0, 111, 'free', 0, 0, '大陆', 2019,
   '2025-03-01 00:00:00+00'),
  (${SX.captainDoc}, '中国机长幕后纪录片', '拍摄中国机长的幕后花絮', 'posters/m41', 3000, 90000, 900, 111, 'free', 0, 0,
   '大陆', 2020, '2025-03-02 00:00:00+00');
INSERT INTO users (id, site_id, device_id, nickname, avatar, bio) VALUES
  (${SX.author}, ${site!.id}, 'search-author', '星空漫步者', '/avatar/9.webp', '喜欢科幻电影');
INSERT INTO posts (id, kind, category_id, author_id, title, summary, body, created_at, price_coins, hidden_at) VALUES
  (${SX.bodyPost}, 'topic', 21, ${SX.author}, '周末看了什么', '', '这部电影的剧情真的很好看，推荐大家去看。',
   now() - interval '1 day', 0, NULL),
  (${SX.hiddenPost}, 'topic', 21, ${SX.author}, '被隐藏的帖子', '', '隐藏内容里也有好看的剧情。', now(), 0, now()),
  (${SX.pricedPost}, 'article', 31, ${SX.author}, '付费文章', '公开的摘要', '付费正文里的秘密剧情', now(), 20, NULL);
`);
  await reindexAll(db);
}
