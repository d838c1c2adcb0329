/**
 * The community's demo rows: a small sensitive-word list (refused and masked words, so the check
 * can be tried) and danmaku by the demo authors on the first movies, spread over their first
 * minutes (most within the demo videos' first half minute), so the play page shows some at once.
 * Written once, recorded in seed_state ('community-demo'): an operator's later edits of the list
 * are never undone, and a restart adds nothing. Runs inside seedDemo's transaction, after the plan.
 */
import { DANMAKU_COLOURS, type DanmakuColour, type DanmakuMode, type WordAction } from '../../contract/enums.ts';
import type { Queryable } from '../db/db.ts';
import { rngFor } from './prng.ts';
import { insertRows } from './write-rows.ts';

const SEED_NAME = 'community-demo';
const VERSION = 1;

/** Demo words: adverts and scams refused, insults masked. */
export const DEMO_WORDS: readonly (readonly [string, WordAction])[] = [
  ['代开发票', 'refuse'],
  ['网赌', 'refuse'],
  ['加微信领红包', 'refuse'],
  ['刷单兼职', 'refuse'],
  ['傻逼', 'mask'],
  ['脑残', 'mask'],
  ['垃圾片', 'mask'],
];

const LINES = [
  '前方高能',
  '哈哈哈哈哈哈',
  '这段配乐绝了',
  '打卡',
  '来了来了',
  '名场面预定',
  '演技在线',
  '泪目了',
  '弹幕护体',
  '第一次看，好期待',
  '这个镜头好美',
  '高能预警！',
  '笑死我了',
  'BGM 是什么？',
  '233333',
  '全体起立',
  '细节拉满',
  '伏笔在这里',
  '二刷了，还是好看',
  '色调好舒服',
  '有没有一起看的',
  '这里暂停截图当壁纸',
  '原来是这样',
  '开头就这么燃',
];

const MODES: readonly (readonly [DanmakuMode, number])[] = [
  ['scroll', 8],
  ['top', 1],
  ['bottom', 1],
];

/** The movies that get danmaku, and how many each. */
const MOVIES = [1, 2, 3, 4, 5, 6];
const PER_MOVIE = 40;

export async function seedCommunityDemo(q: Queryable): Promise<void> {
  const state = await q.one('SELECT version FROM seed_state WHERE name = $1', [SEED_NAME]);
  if (state) return;
  await insertRows(
    q,
    'sensitive_words',
    ['word', 'action'],
    DEMO_WORDS.map(([word, action]) => [word, action]),
    { conflict: ['word'], update: [] },
  );
  const authors = (
    await q.query<{ id: number }>(
      `SELECT id FROM users WHERE device_id LIKE 'seed-author-%' ORDER BY device_id LIMIT 30`,
    )
  ).map((row) => row.id);
  const movies = (await q.query<{ id: number }>('SELECT id FROM movies WHERE id = ANY($1::int[])', [MOVIES])).map(
    (row) => row.id,
  );
  if (authors.length > 0) {
    const rows = movies.flatMap((movieId) => {
      const rng = rngFor(`danmaku:${movieId}`);
      return Array.from({ length: PER_MOVIE }, () => {
        // Three in four within the demo videos' first half minute, the rest over three minutes.
        const atMs = rng.chance(0.75) ? rng.int(500, 29_000) : rng.int(30_000, 180_000);
        const colour: DanmakuColour = rng.chance(0.7) ? '#ffffff' : rng.pick(DANMAKU_COLOURS);
        return [movieId, 0, rng.pick(authors), atMs, rng.pick(LINES), rng.weighted(MODES), colour];
      });
    });
    await insertRows(q, 'danmaku', ['movie_id', 'episode_id', 'user_id', 'at_ms', 'text', 'mode', 'colour'], rows);
  }
  await q.query('INSERT INTO seed_state (name, version) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    SEED_NAME,
    VERSION,
  ]);
}
