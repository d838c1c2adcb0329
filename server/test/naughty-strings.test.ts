/**
 * Text kept exactly (the server's half; e2e/release.test.ts the browser's): every string of the Big List of Naughty Strings (npm
 * big-list-of-naughty-strings) is published as a topic title and as a body through the real
 * protocol and reads back identical. A string the rules refuse as a title (blank, or longer than
 * 60 characters) gets a clear code 2 and is published as a body instead; a blank string is refused
 * as a body too. The browser half (rendered as text, nothing runs) is e2e/release.test.ts.
 */
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostDetail } from '../../contract/calls/content.ts';
import type { PublishResult } from '../../contract/calls/publish.ts';
import { MAX_TOPICS_PER_DAY, textLength, TITLE_MAX } from '../../contract/calls/publish-limits.ts';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { dataOf, FX, seedContent } from './content-fixture.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';

const NAUGHTY = createRequire(import.meta.url)('big-list-of-naughty-strings') as string[];

describe.each(DB_KINDS)('naughty strings as topics on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, { seed: seedContent });
  });
  afterAll(() => h?.close());

  /** A fresh author every few topics: the daily cap applies per user. */
  let author = { token: '', used: MAX_TOPICS_PER_DAY };
  async function publish(payload: { title: string; body: string }) {
    if (author.used >= MAX_TOPICS_PER_DAY) author = { token: (await h.client.registerGuest()).token, used: 0 };
    const { envelope } = await h.client.call<PublishResult>(
      API.topicPublish,
      { ...payload, topicId: FX.forumGroup.topicId },
      { token: author.token },
    );
    if (envelope.code === Code.Ok) author.used++;
    return envelope;
  }

  it(`has the list (${NAUGHTY.length} strings)`, () => {
    expect(NAUGHTY.length).toBeGreaterThan(400);
    expect(NAUGHTY).toContain('<script>alert(123)</script>');
  });

  it(
    'reads every string back identical as a title and as a body, or refuses it clearly',
    { timeout: 180_000 },
    async () => {
      let asTitle = 0;
      for (const [n, text] of NAUGHTY.entries()) {
        const blank = text.trim() === '';
        const titleOk = !blank && textLength(text) <= TITLE_MAX;
        const title = titleOk ? text : `Naughty #${n}`;
        if (!titleOk) {
          const refused = await publish({ title: text, body: 'body' });
          expect(refused.code, `title #${n} ${JSON.stringify(text)}`).toBe(Code.InvalidParams);
          expect(refused.msg).toMatch(blank ? /title 不能为空/ : /title 长度不能超过 60 个字符/);
        }
        if (blank) {
          const refused = await publish({ title, body: text });
          expect(refused.code).toBe(Code.InvalidParams);
          expect(refused.msg).toMatch(/body 不能为空/);
          continue;
        }
        const answer = await publish({ title, body: text });
        expect(answer.code, `#${n} ${JSON.stringify(text)}: ${answer.msg}`).toBe(Code.Ok);
        const detail = await dataOf<PostDetail>(h.client, API.topicDetail, { id: answer.data.id });
        expect(detail.title, `title #${n}`).toBe(title);
        expect(detail.body, `body #${n}`).toBe(text);
        if (titleOk) asTitle++;
      }
      expect(asTitle).toBeGreaterThan(300);
    },
  );
});
