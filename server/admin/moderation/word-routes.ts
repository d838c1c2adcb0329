/**
 * The sensitive-word list (sensitive_words, one list for every site): GET /moderation/words?q=&cursor=
 * (by word, 50 a page), POST /moderation/words {word, action}, POST /moderation/words/bulk {text,
 * action} (a pasted list, contract/admin/word-paste.ts: all its new words in one transaction, those
 * already listed skipped, or a 400 naming every bad line), PATCH /moderation/words/:word {action},
 * DELETE /moderation/words/:word. Changes are for operators of every site (the list is
 * shared), audited (word.add, word.update, word.remove), and seen at once by this process
 * (invalidateWords) and by other processes within WORDS_CHECK_MS (server/moderation/sensitive-words.ts).
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MODERATION_LIMITS, type SensitiveWord, type WordPage } from '../../../contract/admin/moderation.ts';
import { pastedWords, WORD_PASTE_LIMITS, type WordPasteResult } from '../../../contract/admin/word-paste.ts';
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
const pasteSchema = z.object({
  text: z
    .string({ message: '请填写敏感词' })
    .max(WORD_PASTE_LIMITS.chars, { message: `一次最多粘贴 ${WORD_PASTE_LIMITS.chars} 个字符` }),
  action: actionSchema,
});
const changeSchema = z.object({ action: actionSchema });
/** The bad lines a 400 names one by one; past these, a count. */
const SHOWN_PROBLEMS = 20;
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

/** A pasted list's words, each checked as the single add checks it; 400 `text` naming every bad line. */
function wordsOfPaste(text: string): string[] {
  const words = pastedWords(text);
  if (words.length === 0) throw badField('text', '请填写敏感词');
  if (words.length > WORD_PASTE_LIMITS.words)
    throw badField('text', `一次最多添加 ${WORD_PASTE_LIMITS.words} 个敏感词（这次有 ${words.length} 个）`);
  const problems = words.flatMap(({ line, word }) => {
    const checked = wordSchema.safeParse(word);
    if (checked.success) return [];
    const shown = word.replace(/[\u0000-\u001f\u007f-\u009f]/g, '�');
    return [
      `第 ${line} 行「${shown.length > 20 ? `${shown.slice(0, 20)}…` : shown}」：${checked.error.issues[0]!.message}`,
    ];
  });
  if (problems.length > 0) {
    const more = problems.length > SHOWN_PROBLEMS ? [`另有 ${problems.length - SHOWN_PROBLEMS} 行有误`] : [];
    throw badField('text', [...problems.slice(0, SHOWN_PROBLEMS), ...more].join('\n'));
  }
  return words.map(({ word }) => word);
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

  api.post('/moderation/words/bulk', moderator, async (req): Promise<WordPasteResult> => {
    assertEverySite(req);
    const input = parseInput(pasteSchema, req.body);
    const words = wordsOfPaste(input.text);
    const added = await db.tx(async (q) => {
      const rows = await q.query<{ word: string }>(
        `INSERT INTO sensitive_words (word, action) SELECT unnest($1::text[]), $2 ON CONFLICT (word) DO NOTHING
         RETURNING word`,
        [words, input.action],
      );
      const made = new Set(rows.map((row) => row.word));
      for (const word of words.filter((one) => made.has(one)))
        await audit(q, {
          ...auditOf(req),
          action: 'word.add',
          targetType: 'word',
          targetId: word,
          after: { word, action: input.action },
        });
      return made;
    });
    if (added.size > 0) invalidateWords();
    return { added: words.filter((word) => added.has(word)), existing: words.filter((word) => !added.has(word)) };
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
