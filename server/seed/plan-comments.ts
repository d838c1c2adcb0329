/**
 * Demo comments under movies: the most watched movies get a few each, dated after the movie's
 * publication and before BASE_DATE, most with a 1-5 star rating (at most one rated comment per
 * author and movie, as the replies_one_rating index requires); the text leans with the stars.
 */
import { BASE_DATE, COUNTS, DAY_MS, type CommentRow, type MovieRow } from './plan-types.ts';
import { rngFor } from './prng.ts';

/** Comment ids start here, after the replies of posts and below SEEDED_REPLY_LIMIT. */
export const FIRST_COMMENT_ID = 5_000_000;
/** Movies that get comments: the most watched ones. */
const COMMENTED_MOVIES = 120;
const MAX_PER_MOVIE = 14;

const BY_STARS: Record<number, readonly string[]> = {
  5: ['神作，必须五星', '看完久久不能平静', '配乐和摄影都是顶级', '二刷依然感动', '年度最佳没跑了'],
  4: ['整体不错，节奏稍慢', '演员很用心，推荐', '故事扎实，结尾有点仓促', '值得一看，细节很多'],
  3: ['中规中矩，打发时间可以', '前半段好看，后半段一般', '有亮点也有硬伤', '画面不错，剧情普通'],
  2: ['剧情有点拖沓', '期待太高了，有点失望', '逻辑漏洞不少'],
  1: ['实在看不下去', '浪费了好题材'],
};
const UNRATED = ['有没有人知道片尾曲叫什么？', '冲着主演来的', '打卡', '这部和原著差别大吗？', '周末补完了'];

/** Mostly 3-5 stars, like real ratings. */
const STARS: readonly (readonly [number, number])[] = [
  [5, 35],
  [4, 30],
  [3, 20],
  [2, 10],
  [1, 5],
];

export function planComments(movies: readonly MovieRow[]): CommentRow[] {
  const rng = rngFor('movie-comments');
  const watched = [...movies].sort((a, b) => b.views - a.views || a.id - b.id).slice(0, COMMENTED_MOVIES);
  const rows: CommentRow[] = [];
  let id = FIRST_COMMENT_ID;
  for (const movie of watched.sort((a, b) => a.id - b.id)) {
    const count = Math.floor((MAX_PER_MOVIE + 1) * rng.next() ** 1.4);
    const authors = rng.sample(
      Array.from({ length: COUNTS.authors }, (_, i) => i + 1),
      count,
    );
    let at = movie.publishedAt;
    for (const authorN of authors) {
      at = Math.min(BASE_DATE, at + rng.logInt(60_000, 5 * DAY_MS));
      const rating = rng.chance(0.75) ? rng.weighted(STARS) : null;
      rows.push({
        id: id++,
        movieId: movie.id,
        authorN,
        body: rng.pick(rating === null ? UNRATED : BY_STARS[rating]!),
        likes: rng.chance(0.5) ? 0 : rng.logInt(1, 300),
        createdAt: at,
        rating,
      });
    }
  }
  return rows;
}
