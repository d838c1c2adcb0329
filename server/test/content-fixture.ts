/**
 * A small but complete content data set for the content call tests, inserted with plain SQL:
 * a three-level category tree, tags, 30 movies (10 free, 10 VIP, 10 priced; films of one episode), topics, chigua posts
 * and articles with replies, featured collections, banners, CDN lines, the dictionary and authors
 * (plus a second site with its own author and banner, to check site scoping).
 */
import type { Queryable } from '../db/db.ts';
import { DEMO_SITE } from '../db/sites.ts';
import type { TestClient } from './test-client.ts';

/** Ids and facts the tests rely on. */
export const FX = {
  movieRoot: 1,
  action: 11, // 动作 under /movie, with children 111 and 112
  wuxia: 111,
  comedy: 12,
  /** 综合讨论 with subgroup 211: topics 102 103 105 106 108 109 111 112 (111, 112 of today, Asia/Shanghai). */
  forumGroup: { topicId: 501, categoryId: 21 },
  /** 影评交流: topics 101 104 107 110. */
  reviewGroup: { topicId: 503, categoryId: 22 },
  freeMovie: 1,
  vipMovie: 11,
  vipMovieWithoutTrial: 20,
  coinsMovie: 21,
  authors: [9001, 9002, 9003],
  otherSiteAuthor: 9004,
  pricedArticle: 303,
  topicWithReplies: 101,
  pinnedTopic: 102,
  banners: [1, 2],
  otherSiteBanner: 3,
} as const;

const CATEGORIES = `
INSERT INTO categories (id, parent_id, name, route, topic_id, icon, sort, depth) VALUES
  (1, NULL, '电影', '/movie', NULL, 'mdi:movie', 1, 1),
  (11, 1, '动作', NULL, NULL, 'mdi:sword', 1, 2),
  (111, 11, '武侠', NULL, NULL, NULL, 1, 3),
  (112, 11, '警匪', NULL, NULL, NULL, 2, 3),
  (12, 1, '喜剧', NULL, NULL, 'mdi:emoticon', 2, 2),
  (2, NULL, '论坛', '/forum', NULL, 'mdi:forum', 2, 1),
  (21, 2, '综合讨论', NULL, 501, NULL, 1, 2),
  (211, 21, '精华区', NULL, NULL, NULL, 1, 3),
  (22, 2, '影评交流', NULL, 503, NULL, 2, 2),
  (3, NULL, '吃瓜', '/chigua', NULL, NULL, 3, 1),
  (31, 3, '娱乐八卦', NULL, NULL, NULL, 1, 2),
  (4, NULL, '档案', '/archives', NULL, NULL, 4, 1),
  (41, 4, '深度长文', NULL, NULL, NULL, 1, 2);
INSERT INTO tags (id, key, name, hot_rank) VALUES
  (1, '热血', '热血', 1), (2, '悬疑', '悬疑', 2), (3, '爱情', '爱情', NULL),
  (4, '100%_真实', '100%_真实', NULL), (5, 'Sci-Fi', 'Sci-Fi', NULL);`;

/** Movies 1-10 free, 11-20 VIP (20 without a trial), 21-30 priced; views and likes all distinct. */
const MOVIES = `
INSERT INTO movies (id, title, description, poster, duration_s, views, likes, category_id, access,
                    price_coins, trial_s, region, year, published_at)
SELECT i,
  CASE i WHEN 5 THEN '50% 折扣之夜' WHEN 6 THEN '5000 折扣' WHEN 7 THEN 'Star_Wars 特别版'
         WHEN 8 THEN 'The MATRIX 重制' ELSE '影片' || i END,
  '影片' || i || '的简介', 'posters/m' || i, 600 + i, (i * 7) % 31 * 10, (i * 11) % 31,
  (ARRAY[111, 112, 12, 11])[i % 4 + 1],
  CASE WHEN i <= 10 THEN 'free' WHEN i <= 20 THEN 'vip' ELSE 'coins' END,
  CASE WHEN i > 20 THEN 50 ELSE 0 END,
  CASE WHEN i <= 10 OR i = 20 THEN 0 WHEN i <= 20 THEN 60 ELSE 30 END,
  '大陆', 2000 + i, timestamptz '2025-01-01 00:00:00+00' + i * interval '1 day'
FROM generate_series(1, 30) i;
INSERT INTO episodes (movie_id, number, video, duration_s, state)
  SELECT i, 1, 'videos/v' || i, 600 + i, 'ready' FROM generate_series(1, 30) i;
INSERT INTO movie_tags (movie_id, tag_id)
  SELECT i, 1 FROM generate_series(1, 30) i WHERE i % 3 = 0
  UNION ALL SELECT i, 2 FROM generate_series(1, 30) i WHERE i % 4 = 0
  UNION ALL VALUES (9, 4), (10, 5);`;

const PEOPLE = (siteId: number, otherSiteId: number) => `
INSERT INTO users (id, site_id, device_id, nickname, avatar, bio) VALUES
  (9001, ${siteId}, 'fixture-author-1', '老王', '/avatar/1.webp', '影评人'),
  (9002, ${siteId}, 'fixture-author-2', '小李', '/avatar/2.webp', ''),
  (9003, ${siteId}, 'fixture-author-3', '阿强', '/avatar/3.webp', ''),
  (9004, ${otherSiteId}, 'fixture-author-4', '隔壁站', '/avatar/4.webp', '');`;

/** The start of the current Asia/Shanghai day (UTC+8), as a timestamptz. */
const TODAY_START = `(date_trunc('day', now() AT TIME ZONE 'UTC' + interval '8 hours') - interval '8 hours') AT TIME ZONE 'UTC'`;

/**
 * Topics 101-112 (112 and 111 created earlier today (Asia/Shanghai), before now, 102 pinned, 101 with 25 replies), chigua
 * 201-205, articles 301-305 (303 priced).
 */
const POSTS = `
INSERT INTO posts (id, kind, category_id, author_id, title, summary, body, cover, images, views, likes,
                   reply_count, price_coins, pinned, created_at)
SELECT i, 'topic', (ARRAY[21, 211, 22])[i % 3 + 1], 9001 + i % 3, '话题' || i, '', '话题' || i || '的正文。',
  NULL, '["a.webp", "b.webp", "c.webp", "d.webp"]'::jsonb, i * 3 % 17, 0, 0, 0, i = 102,
  CASE WHEN i >= 111 THEN ${TODAY_START} + (now() - ${TODAY_START}) * (i - 110) / 3.0
       ELSE timestamptz '2025-02-01 00:00:00+00' + i * interval '1 hour' END
FROM generate_series(101, 112) i
UNION ALL
SELECT i, 'chigua', 31, CASE WHEN i = 205 THEN 9004 ELSE 9002 END, '瓜' || i, '瓜的摘要' || i, '瓜' || i || '的正文。',
  'covers/c' || i || '.webp', '[]'::jsonb, i, 0, 0, 0, false, timestamptz '2025-03-01 00:00:00+00' + i * interval '1 hour'
FROM generate_series(201, 205) i
UNION ALL
SELECT i, 'article', 41, 9003, '文章' || i, '文章摘要' || i, '文章' || i || '的全文，只有解锁后可见。',
  NULL, '["x.webp", "y.webp", "z.webp", "w.webp"]'::jsonb, 0, 0, 0, CASE WHEN i = 303 THEN 20 ELSE 0 END, false,
  timestamptz '2025-04-01 00:00:00+00' + i * interval '1 hour'
FROM generate_series(301, 305) i;
UPDATE posts SET title = '100% 纯瓜' WHERE id = 201;
INSERT INTO post_tags (post_id, tag_id) VALUES (101, 1), (102, 1), (201, 4), (301, 2);
INSERT INTO replies (target_type, target_id, floor, author_id, body, likes, created_at)
  SELECT 'post', 101, n, 9001 + n % 3, '第' || n || '条回复', n, timestamptz '2025-05-01 00:00:00+00' + n * interval '1 minute'
  FROM generate_series(1, 25) n
  UNION ALL VALUES ('post', 201, 1, 9002, '前排吃瓜', 0, timestamptz '2025-05-02 00:00:00+00');
UPDATE posts p SET reply_count = (SELECT count(*) FROM replies r WHERE r.target_type = 'post' AND r.target_id = p.id);
UPDATE posts SET floor_count = reply_count;
INSERT INTO forum_days (category_id, day, writes)
  SELECT category_id, (created_at AT TIME ZONE 'UTC' + interval '8 hours')::date, count(*)
  FROM posts WHERE kind = 'topic' GROUP BY 1, 2;`;

const SITE_LISTS = (siteId: number, otherSiteId: number) => `
INSERT INTO featured (id, title, description, cover, sort) VALUES
  (1, '周末片单', '周末必看', 'featured/1.webp', 1), (2, '空专题', '', 'featured/2.webp', 2);
INSERT INTO featured_items (featured_id, item_type, item_id, sort) VALUES
  (1, 'movie', 3, 1), (1, 'movie', 1, 2), (1, 'movie', 2, 3), (1, 'post', 201, 4), (1, 'post', 101, 5);
INSERT INTO banners (id, site_id, title, image, link, sort) VALUES
  (1, ${siteId}, '新片上线', 'banners/1.webp', '/movie/1', 2),
  (2, ${siteId}, '开通会员', 'banners/2.webp', '/mine/vip', 1),
  (3, ${otherSiteId}, '别站横幅', 'banners/3.webp', '/', 1);
INSERT INTO cdn_lines (id, site_id, name, url, sort) VALUES
  (1, ${siteId}, '线路一', '/cdn/1', 1), (2, ${siteId}, '线路二', '/cdn/2', 2),
  (3, ${otherSiteId}, '别站线路', '/cdn/9', 1);
INSERT INTO dictionary (type, key, label, sort) VALUES
  ('contentType', 'vip', 'VIP 专区', 1), ('contentType', 'free', '免费专区', 2),
  ('contentType', 'coins', '付费专区', 3), ('contentType', 'hot', '热门', 4),
  ('contentType', 'new', '最新', 5), ('contentType', 'bogus', '无效类型', 6),
  ('movieSort', 'new', '最新', 1), ('movieSort', 'hot', '最热', 2), ('movieSort', 'like', '最多赞', 3);`;

/** Inserts the data set; the demo site must exist. */
export async function seedContent(db: Queryable): Promise<void> {
  const demo = await db.one<{ id: number }>('SELECT id FROM sites WHERE account_id = $1', [DEMO_SITE.accountId]);
  if (!demo) throw new Error('the demo site must exist before the content fixture');
  const other = await db.one<{ id: number }>(
    `INSERT INTO sites (account_id, app_id, host, title) VALUES ('10002', 'other', 'other.test', '别站') RETURNING id`,
  );
  if (!other) throw new Error('second site not created');
  for (const sql of [CATEGORIES, MOVIES, PEOPLE(demo.id, other.id), POSTS, SITE_LISTS(demo.id, other.id)]) {
    await db.exec(sql);
  }
}

/** Calls a path and answers its data, failing the test on any code but 0. */
export async function dataOf<T>(client: TestClient, path: string, payload: unknown = {}, token?: string): Promise<T> {
  const { envelope } = await client.call<T>(path, payload, token === undefined ? {} : { token });
  if (envelope.code !== 0) throw new Error(`${path} answered ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

/** The code and msg of a call. */
export async function codeOf(client: TestClient, path: string, payload: unknown = {}, token?: string) {
  const { envelope } = await client.call(path, payload, token === undefined ? {} : { token });
  return { code: envelope.code, msg: envelope.msg };
}
