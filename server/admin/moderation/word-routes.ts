/**
 * The sensitive-word list (sensitive_words, one list for every site): GET /moderation/words?q=&cursor=
 * (by word, 50 a page), POST /moderation/words {word, action}, PATCH /moderation/words/:word
 * {action}, DELETE /moderation/words/:word. Changes are for operators of every site (the list is
 * shared), audited (word.add, word.update, word.remove), and seen at once by this process
 * (invalidateWords) and by other processes within WORDS_CHECK_MS (server/moderation/sensitive-words.ts).
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MODERATION_LIMITS, type SensitiveWord, type WordPage } from '../../../contract/admin/moderation.ts';
import { isSingleLineText } from '../../../contract/calls/publish-limits.ts';
import { WORD_ACTIONS } from '../../../contract/enums.ts';
import { likePattern } from '../../db/paging.ts';
import { invalidateWords } from '../../moderation/sensitive-words.ts';
import type { AdminDeps } from '../admin-deps.ts';
import { AdminHttpError, badField, forbidden } from '../admin-errors.ts';
import { auditOf, parseInput } from '../admin-input.ts';
import { audit } from '../audit.ts';
import { operatorOf, requireRole } from '../guards.ts';

const PAGE = 50;
const actionSchema = z.enum(WORD_ACTIONS, { message: 'action 应为 refuse（拒绝发送）或 mask（替换为 *）' });
const wordSchema = z
  .string({ message: '请填写敏感词' })
  .trim()
  .min(1, { message: '请填写敏感词' })
  .max(MODERATION_LIMITS.word, { message: `敏感词最多 ${MODERATION_LIMITS.word} 个字` })
  .refine(isSingleLineText, { message: '敏感词不能包含换行或控制字符' });
const addSchema = z.object({ word: wordSchema, action: actionSchema });
const changeSchema = z.object({ action: actionSchema });
const listSchema = z.object({
  q: z.string().max(MODERATION_LIMITS.word).optional(),
  cursor: z.string().max(200).optional(),
});

interface WordRow {
  word: string;
  action: SensitiveWord['action'];
  createdAt: Date;
}
const toWord = (row: WordRow): SensitiveWord => ({ ...row, createdAt: row.createdAt.getTime() });

/** Only operators of every site change the shared list. */
function assertEverySite(req: FastifyRequest): void {
  if (operatorOf(req).siteIds !== null) throw forbidden('敏感词库为全站共用，仅限不限站点的操作员修改');
}

function wordOf(req: FastifyRequest): string {
  const word = (req.params as { word?: string }).word ?? '';
  if (word === '' || word.length > MODERATION_LIMITS.word) throw badField('word');
  return word;
}

export const wordRoutes: FastifyPluginAsync<AdminDeps> = async (api, { db }) => {
  const moderator = { preHandler: requireRole('moderator') };

  api.get('/moderation/words', moderator, async (req): Promise<WordPage> => {
    const query = parseInput(listSchema, req.query);
    const pattern = query.q?.trim() ? likePattern(query.q.trim()) : null;
    const rows = await db.query<WordRow>(
      `SELECT word, action, created_at AS "createdAt" FROM sensitive_words
       WHERE ($1::text IS NULL OR word ILIKE $1 ESCAPE '\\') AND ($2::text IS NULL OR word > $2)
       ORDER BY word LIMIT ${PAGE + 1}`,
      [pattern, query.cursor ?? null],
    );
    const total = await db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM sensitive_words WHERE ($1::text IS NULL OR word ILIKE $1 ESCAPE '\\')`,
      [pattern],
    );
    const list = rows.slice(0, PAGE).map(toWord);
    return { list, nextCursor: rows.length > PAGE ? list.at(-1)!.word : null, total: total?.n ?? 0 };
  });

  api.post('/moderation/words', moderator, async (req, reply) => {
    assertEverySite(req);
    const input = parseInput(addSchema, req.body);
    const added = await db.tx(async (q) => {
      const row = await q.one<WordRow>(
        `INSERT INTO sensitive_words (word, action) VALUES ($1, $2) ON CONFLICT (word) DO NOTHING
         RETURNING word, action, created_at AS "createdAt"`,
        [input.word, input.action],
      );
      if (!row) throw badField('word', `敏感词「${input.word}」已存在`);
      await audit(q, { ...auditOf(req), action: 'word.add', targetType: 'word', targetId: input.word, after: input });
      return row;
    });
    invalidateWords();
    return reply.code(201).send(toWord(added));
  });

  api.patch('/moderation/words/:word', moderator, async (req) => {
    assertEverySite(req);
    const word = wordOf(req);
    const input = parseInput(changeSchema, req.body);
    const changed = await db.tx(async (q) => {
      const before = await q.one<{ action: string }>('SELECT action FROM sensitive_words WHERE word = $1 FOR UPDATE', [
        word,
      ]);
      if (!before) throw new AdminHttpError(404, `敏感词不存在：${word}`);
      const row = await q.one<WordRow>(
        `UPDATE sensitive_words SET action = $2 WHERE word = $1 RETURNING word, action, created_at AS "createdAt"`,
        [word, input.action],
      );
      await audit(q, {
        ...auditOf(req),
        action: 'word.update',
        targetType: 'word',
        targetId: word,
        before,
        after: input,
      });
      return row!;
    });
    invalidateWords();
    return toWord(changed);
  });

  api.delete('/moderation/words/:word', moderator, async (req, reply) => {
    assertEverySite(req);
    const word = wordOf(req);
    await db.tx(async (q) => {
      const before = await q.one<{ action: string }>('DELETE FROM sensitive_words WHERE word = $1 RETURNING action', [
        word,
      ]);
      if (!before) throw new AdminHttpError(404, `敏感词不存在：${word}`);
      await audit(q, { ...auditOf(req), action: 'word.remove', targetType: 'word', targetId: word, before });
    });
    invalidateWords();
    return reply.code(204).send();
  });
};
