/**
 * Members' nicknames through /personal/update: invisible, control and blank-looking characters,
 * runs of combining marks and blank names are refused; so are reserved words (官方, 管理员, admin …),
 * the names the device sign-in hands out (游客 and digits), and a name whose confusable skeleton
 * (Unicode TR39, case ignored) equals another member's of the same site or an operator's. A normal
 * Chinese name and a name with an emoji pass. The device sign-in's default names never collide.
 */
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserInfo } from '../../contract/calls/account.ts';
import { API } from '../../contract/calls/paths.ts';
import { normaliseName } from '../../contract/names.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { newDeviceId } from '../../contract/protocol/ids.ts';
import { createOperator } from '../admin/operators.ts';
import { DEMO_SITE } from '../db/sites.ts';
import { fillNicknameSkeletons, guestNickname } from '../db/nickname-skeletons.ts';
import { nameSkeleton } from '../names/name-skeleton.ts';
import { codeOf, dataOf } from './content-fixture.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';

const NAUGHTY = createRequire(import.meta.url)('big-list-of-naughty-strings') as string[];
const OTHER_SITE = { accountId: '10077', appId: 'names' } as const;

/** Each character the attacker's probe got through, put inside a name. */
const INVISIBLE = [
  ['U+3164 HANGUL FILLER', '\u3164'],
  ['U+2060 WORD JOINER', '\u2060'],
  ['U+00AD SOFT HYPHEN', '\u00ad'],
  ['U+2800 BRAILLE PATTERN BLANK', '\u2800'],
  ['U+034F COMBINING GRAPHEME JOINER', '\u034f'],
  ['U+115F HANGUL CHOSEONG FILLER', '\u115f'],
  ['U+1160 HANGUL JUNGSEONG FILLER', '\u1160'],
  ['U+FFA0 HALFWIDTH HANGUL FILLER', '\uffa0'],
  ['U+200B ZERO WIDTH SPACE', '\u200b'],
  ['U+2061 FUNCTION APPLICATION', '\u2061'],
  ['U+2064 INVISIBLE PLUS', '\u2064'],
  ['U+FEFF BYTE ORDER MARK', '\ufeff'],
  ['U+FE0F VARIATION SELECTOR-16 after a letter', '\ufe0f'],
  ['U+E0100 VARIATION SELECTOR-17', '\u{e0100}'],
  ['U+E0041 TAG LATIN CAPITAL LETTER A', '\u{e0041}'],
  ['U+202E RIGHT-TO-LEFT OVERRIDE', '\u202e'],
  ['U+2067 RIGHT-TO-LEFT ISOLATE', '\u2067'],
  ['U+061C ARABIC LETTER MARK', '\u061c'],
  ['U+180E MONGOLIAN VOWEL SEPARATOR', '\u180e'],
  ['U+0007 BELL', '\u0007'],
  ['U+E000 private use', '\ue000'],
] as const;

describe.each(DB_KINDS)('members’ nicknames on %s', (kind) => {
  let h: Harness;
  let alice: { token: string; info: UserInfo };
  let other: { token: string; info: UserInfo };

  beforeAll(async () => {
    h = await createHarness(kind, {
      seed: async (db) => {
        await db.query(`INSERT INTO sites (account_id, app_id, host, title) VALUES ($1, $2, 'names.test', '别站')`, [
          OTHER_SITE.accountId,
          OTHER_SITE.appId,
        ]);
      },
    });
    alice = await h.client.registerGuest();
    other = await h.client.registerGuest();
    await dataOf(h.client, API.updatePersonal, { nickname: '追剧小明' }, alice.token);
    await dataOf(h.client, API.updatePersonal, { nickname: 'Alice' }, other.token);
  });
  afterAll(() => h?.close());

  const setName = async (nickname: string) => {
    const guest = await h.client.registerGuest();
    return { guest, ...(await codeOf(h.client, API.updatePersonal, { nickname }, guest.token)) };
  };
  const refused = async (nickname: string, message: RegExp) => {
    const answer = await setName(nickname);
    expect(answer.code, `${JSON.stringify(nickname)} → ${answer.msg}`).toBe(Code.InvalidParams);
    expect(answer.msg, JSON.stringify(nickname)).toMatch(message);
    const stored = await h.db.one<{ nickname: string }>('SELECT nickname FROM users WHERE id = $1', [
      answer.guest.info.id,
    ]);
    expect(stored!.nickname).toBe(answer.guest.info.nickname);
  };
  const accepted = async (nickname: string, stored = nickname) => {
    const answer = await setName(nickname);
    expect(answer, JSON.stringify(nickname)).toEqual({ guest: answer.guest, code: Code.Ok, msg: expect.any(String) });
    const info = await dataOf<UserInfo>(h.client, API.current, {}, answer.guest.token);
    expect(info.nickname).toBe(stored);
  };

  it('refuses another member’s exact nickname and its look-alikes (Cyrillic, full-width, case)', async () => {
    await refused('追剧小明', /^参数错误：nickname 与其他用户的昵称相同或过于相似$/);
    await refused('Alice', /过于相似/);
    await refused('\u0410lice', /过于相似/); // Cyrillic А
    await refused('\uff21\uff4c\uff49\uff43\uff45', /过于相似/); // full-width Ａｌｉｃｅ
    await refused('ALICE', /过于相似/);
    await refused('A1ice', /过于相似/); // the digit 1 for l
    await refused('追剧 小明', /过于相似/);
  });

  it('lets a member keep or re-send its own name, and another site use the same name', async () => {
    expect(await codeOf(h.client, API.updatePersonal, { nickname: '追剧小明' }, alice.token)).toMatchObject({
      code: Code.Ok,
    });
    const elsewhere = await h.client.call<{ token: string; info: UserInfo }>(
      API.registerDevice,
      { deviceId: newDeviceId(), deviceType: 3 },
      OTHER_SITE,
    );
    const answer = await h.client.call<UserInfo>(
      API.updatePersonal,
      { nickname: '追剧小明' },
      { ...OTHER_SITE, token: elsewhere.envelope.data.token },
    );
    expect(answer.envelope.code, answer.envelope.msg).toBe(Code.Ok);
    expect(answer.envelope.data.nickname).toBe('追剧小明');
  });

  it('refuses reserved words, alone, as a word in a name, or disguised', async () => {
    for (const [name, word] of [
      ['官方管理员', '官方'],
      ['admin', 'admin'],
      ['ADMIN', 'admin'],
      ['\uff41\uff44\uff4d\uff49\uff4e', 'admin'], // ａｄｍｉｎ
      ['\u0430dmin', 'admin'], // Cyrillic а
      ['admin_01', 'admin'],
      ['小明客服', '客服'],
      ['官.方', '官方'],
      ['系统', '系统'],
      ['【系统通知】', '系统通知'],
      ['Root', 'root'],
      ['official小号', 'official'],
    ]) {
      await refused(name!, new RegExp(`^参数错误：nickname 不能使用保留字「${word}」$`));
    }
    await refused('游客12345678', /保留字「游客」/);
    await refused('游客 １２３', /保留字「游客」/);
  });

  it('refuses each invisible, control or bidi character', async () => {
    for (const [label, char] of INVISIBLE) {
      const answer = await setName(`小${char}红`);
      expect(answer.code, label).toBe(Code.InvalidParams);
      // A control character may be refused first by the protocol's rule for single-line text.
      expect(answer.msg, label).toMatch(/^参数错误：nickname 不能包含(控制字符或不可见字符|换行或控制字符)$/);
    }
  });

  it('refuses blank names and runs of combining marks', async () => {
    for (const blank of ['\u3164\u3164', '\u2800\u2800\u2800', '\u115f\u1160', '\u00ad\u00ad', '\u3164 \u3164']) {
      await refused(blank, /^参数错误：nickname 不能为空白$/);
    }
    await refused('小明\u0301\u0301\u0301', /^参数错误：nickname 不能包含叠加的组合符号$/);
    await refused('Za\u0300\u0301\u0302\u0303lgo', /叠加的组合符号/);
    await refused('\u0301\u0301小明', /叠加的组合符号/);
    await refused('\ufdfa\ufdfa', /长度不能超过 16 个字符/); // NFKC makes 18 characters of it
  });

  it('accepts a normal Chinese name, one with an emoji, and stores full-width letters as ASCII', async () => {
    await accepted('快乐的小猪');
    await accepted('追剧达人😀');
    await accepted('小红❤️');
    await accepted('一家人👨‍👩‍👧');
    await accepted('Nguyễn Văn');
    await accepted('ＢＯＢ的影院', 'BOB的影院');
    await accepted('  张   三  ', '张 三');
  });

  it('lets one of several members asking for look-alike names at once have it', async () => {
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => h.client.registerGuest()));
    const answers = await Promise.all(
      ['Racer', 'ＲＡＣＥＲ', 'R\u0430cer'].map((nickname, i) =>
        codeOf(h.client, API.updatePersonal, { nickname }, [a, b, c][i]!.token),
      ),
    );
    expect(answers.map((answer) => answer.code).sort()).toEqual([Code.Ok, Code.InvalidParams, Code.InvalidParams]);
  });

  it('refuses an operator’s username as a nickname', async () => {
    await createOperator(h.db, { username: `lead_${kind}`, role: 'ops' });
    await refused(`LEAD_${kind}`, /过于相似/);
  });

  it('sees names written without a skeleton (old rows, direct writes) and keeps the skeleton in step', async () => {
    await h.db.query(
      `INSERT INTO users (site_id, device_id, nickname, avatar)
       SELECT id, 'legacy-device', '老用户', '/a.svg' FROM sites WHERE account_id = $1`,
      [DEMO_SITE.accountId],
    );
    await refused('老用户', /过于相似/);
    await h.db.query(`UPDATE users SET nickname = '改过的老用户' WHERE device_id = 'legacy-device'`);
    const row = await h.db.one<{ skeleton: string | null }>(
      `SELECT nickname_skeleton AS skeleton FROM users WHERE device_id = 'legacy-device'`,
    );
    expect(row!.skeleton).toBeNull();
    await refused('改过的老用户', /过于相似/);
    expect(await setName('老用户')).toMatchObject({ code: Code.Ok });
  });

  it('fills the skeletons of every row that has none', async () => {
    await h.db.query(`UPDATE users SET nickname_skeleton = NULL`);
    await fillNicknameSkeletons(h.db);
    const rows = await h.db.query<{ nickname: string; skeleton: string | null }>(
      `SELECT nickname, nickname_skeleton AS skeleton FROM users`,
    );
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) expect(row.skeleton, row.nickname).toBe(nameSkeleton(row.nickname));
  });

  it(
    'takes every naughty string as a nickname, normalised, or refuses it with code 2',
    { timeout: 120_000 },
    async () => {
      const member = await h.client.registerGuest();
      let taken = 0;
      for (const [n, text] of NAUGHTY.entries()) {
        const answer = await codeOf(h.client, API.updatePersonal, { nickname: text }, member.token);
        expect([Code.Ok, Code.InvalidParams], `#${n} ${JSON.stringify(text)}: ${answer.msg}`).toContain(answer.code);
        if (answer.code !== Code.Ok) continue;
        taken++;
        const info = await dataOf<UserInfo>(h.client, API.current, {}, member.token);
        expect(info.nickname, `#${n}`).toBe(normaliseName(text.trim()));
      }
      expect(taken).toBeGreaterThan(100);
    },
  );

  it('gives each new device a 游客 name nobody of its site has', async () => {
    const guest = await h.client.registerGuest();
    expect(guest.info.nickname).toMatch(/^游客\d{8}$/);
    const taken = guest.info.nickname.slice(2);
    const draws = [Number(taken), Number(taken), 12345678];
    const name = await h.db.tx((q) => guestNickname(q, 1, () => draws.shift()!));
    expect(name).toEqual({ nickname: '游客12345678', skeleton: nameSkeleton('游客12345678') });
  });
});
