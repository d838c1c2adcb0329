/**
 * A small data set for the moderation and danmaku tests: a forum group and three movies (1-3),
 * members made through the calls (guests, optionally a day old; trusted members whose reports
 * count toward hiding), their posts written directly, and the sensitive-word list set and re-read
 * at once.
 */
import { randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../db/db.ts';
import { invalidateWords } from '../moderation/sensitive-words.ts';
import type { Harness } from './harness.ts';

export const CX = { movies: [1, 2, 3], unknownMovie: 999, forumCategory: 21, forumTopicId: 501 } as const;

export async function seedCommunity(db: Queryable): Promise<void> {
  await db.exec(`
INSERT INTO categories (id, parent_id, name, route, topic_id, icon, sort, depth) VALUES
  (1, NULL, '电影', '/movie', NULL, NULL, 1, 1),
  (2, NULL, '论坛', '/forum', NULL, NULL, 2, 1),
  (21, 2, '综合讨论', NULL, 501, NULL, 1, 2);
INSERT INTO movies (id, title, description, poster, duration_s, category_id, access, year, published_at)
SELECT i, '影片' || i, '简介', 'posters/m' || i, 600, 1, 'free', 2024, now()
FROM generate_series(1, 3) i;
INSERT INTO episodes (movie_id, number, video, duration_s, state)
SELECT i, 1, 'videos/v' || i, 600, 'ready' FROM generate_series(1, 3) i;`);
}

export interface Member {
  id: number;
  token: string;
}

/** A new guest; `ageDays` moves the account's creation back (rate limits of new accounts). */
export async function newMember(h: Harness, ageDays = 0): Promise<Member> {
  const guest = await h.client.registerGuest();
  if (ageDays > 0) {
    await h.db.query(`UPDATE users SET created_at = now() - make_interval(days => $2) WHERE id = $1`, [
      guest.info.id,
      ageDays,
    ]);
  }
  return { id: guest.info.id, token: guest.token };
}

/**
 * A member whose reports count toward hiding an item (server/moderation/report-trust.ts): an
 * account name, two days old, with as many topics of their own as the harness's config asks.
 */
export async function trustedMember(h: Harness): Promise<Member> {
  const member = await newMember(h, 2);
  await h.db.query(`UPDATE users SET account = $2, password_hash = 'not-a-real-hash' WHERE id = $1`, [
    member.id,
    `trusted_${member.id}`,
  ]);
  for (let i = 0; i < h.config.REPORT_TRUST_WRITINGS; i++) await writeTopic(h.db, member.id, '成员自己的话题');
  return member;
}

let nextPostId = 70_000;

/** A topic in the forum group written by the member, answered by its id. */
export async function writeTopic(db: Db, authorId: number, title = '测试话题'): Promise<number> {
  const id = nextPostId++;
  await db.query(
    `INSERT INTO posts (id, kind, category_id, author_id, title, body, created_at)
     VALUES ($1, 'topic', 21, $2, $3, '正文', now())`,
    [id, authorId, title],
  );
  return id;
}

/** Replaces the sensitive-word list and drops the cached automaton. */
export async function setWords(db: Db, words: Record<string, 'refuse' | 'mask'>): Promise<void> {
  await db.tx(async (q) => {
    await q.query('DELETE FROM sensitive_words');
    for (const [word, action] of Object.entries(words)) {
      await q.query('INSERT INTO sensitive_words (word, action) VALUES ($1, $2)', [word, action]);
    }
  });
  invalidateWords();
}

export const newKey = (): string => randomBytes(12).toString('hex');
