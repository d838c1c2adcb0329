/**
 * The console's blocked words of a site's hot searches (/admin-api/taxonomy/hot-word-blocks): what
 * the crowd made hot is listed with its counts; a blocked word keeps every keyword holding it (and
 * an operator's hot word) out of the site's hot list and the suggestions made from it, at once,
 * until unblocked; field errors in Chinese; 运营 and 超级管理员 only, limited operators to their
 * sites; every change audited. Also the kept ranking: a process reads a site's crowd again only
 * after HOT_SEARCH_REFRESH_SECONDS.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HotWordBlock, HotWordBlockList } from '../../contract/admin/taxonomy.ts';
import type { Suggestion } from '../../contract/calls/search.ts';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { newDeviceId } from '../../contract/protocol/ids.ts';
import { DEMO_SITE } from '../db/sites.ts';
import { signInOperator, type SignedInOperator } from './admin-fixture.ts';
import { createHarness, DB_KINDS, type HarnessOptions } from './harness.ts';
import { seedSearch } from './search-fixture.ts';

const OTHER_SITE = { accountId: '10002', appId: 'other' };
const BLOCKS = '/admin-api/taxonomy/hot-word-blocks';

const json = <T>(res: LightMyRequestResponse, status = 200): T => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<T>();
};
const refused = (res: LightMyRequestResponse, status: number, field?: string): string => {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<{ message: string; field?: string }>();
  if (field) expect(body.field).toBe(field);
  return body.message;
};

/** A harness on the search fixture, with its visitors' crowds and the two sites' ids. */
async function blocksHarness(kind: (typeof DB_KINDS)[number], options: HarnessOptions = {}) {
  const h = await createHarness(kind, { seed: seedSearch, ...options });
  const siteIdOf = async (accountId: string) =>
    (await h.db.one<{ id: number }>('SELECT id FROM sites WHERE account_id = $1', [accountId]))!.id;
  let subnet = 0;
  /** `devices` new devices each search `keyword` once, each from an address of its own. */
  const crowd = async (keyword: string, devices = 3, site: object = {}) => {
    subnet++;
    for (let i = 1; i <= devices; i++) {
      const device = await h.client.call<{ token: string }>(
        API.registerDevice,
        { deviceId: newDeviceId(), deviceType: 3 },
        site,
      );
      const { envelope } = await h.client.call(
        API.searchAll,
        { keyword },
        { token: device.envelope.data.token, remoteAddress: `10.40.${subnet}.${i}`, ...site },
      );
      expect(envelope.code).toBe(Code.Ok);
    }
  };
  const hot = async (site: object = {}) =>
    (await h.client.call<{ words: string[] }>(API.searchHot, {}, site)).envelope.data.words;
  const queries = async (keyword: string) =>
    (await h.client.call<{ suggestions: Suggestion[] }>(API.searchSuggest, { keyword })).envelope.data.suggestions
      .filter((suggestion) => suggestion.kind === 'query')
      .map((suggestion) => suggestion.text);
  return {
    h,
    crowd,
    hot,
    queries,
    demoSite: await siteIdOf(DEMO_SITE.accountId),
    otherSite: await siteIdOf(OTHER_SITE.accountId),
  };
}

describe.each(DB_KINDS)('blocked words of the hot searches on %s', (kind) => {
  let t: Awaited<ReturnType<typeof blocksHarness>>;
  let ops: SignedInOperator;
  const auditRows = (action: string) =>
    t.h.db.query<{ operatorId: number; address: string; before: unknown; after: unknown }>(
      `SELECT operator_id AS "operatorId", address, before, after FROM audit_log WHERE action = $1 ORDER BY id`,
      [action],
    );
  beforeAll(async () => {
    t = await blocksHarness(kind, {
      config: { HOT_SEARCH_REFRESH_SECONDS: 0, HOT_SEARCH_MIN_DEVICES: 3, HOT_SEARCH_MIN_ADDRESSES: 2 },
    });
    ops = await signInOperator(t.h, { role: 'ops' });
  });
  afterAll(() => t?.h.close());

  it('lists what the crowd made hot; a blocked word leaves the hot list and the suggestions, until unblocked', async () => {
    const { h, crowd, hot, queries, demoSite } = t;
    await h.db.query(`INSERT INTO hot_words (site_id, word, sort) VALUES ($1, '机长特辑', 1)`, [demoSite]);
    await crowd('机长', 4);
    await crowd('好看');
    expect(await hot()).toEqual(['机长特辑', '机长', '好看']);
    expect(await queries('机')).toEqual(['机长']);
    const before = json<HotWordBlockList>(await ops.call('GET', `${BLOCKS}?siteId=${demoSite}`));
    expect(before.list).toEqual([]);
    expect(before.counted).toEqual([
      { keyword: '机长', devices: 4, addresses: 4 },
      { keyword: '好看', devices: 3, addresses: 3 },
    ]);
    expect(before.floor).toEqual({ devices: 3, addresses: 2 });

    // Folded as search folds: 機長 blocks 机长, and every keyword or operator's word holding it.
    const block = json<HotWordBlock>(await ops.call('POST', BLOCKS, { siteId: demoSite, word: ' 機長 ' }), 201);
    expect(block).toMatchObject({ siteId: demoSite, word: '機長' });
    expect(await hot()).toEqual(['好看']);
    expect(await queries('机')).toEqual([]);
    const listed = json<HotWordBlockList>(await ops.call('GET', `${BLOCKS}?siteId=${demoSite}`));
    expect(listed.list.map((each) => each.word)).toEqual(['機長']);
    expect(listed.counted.map((each) => each.keyword)).toEqual(['好看']);
    // The other site's hot list is its own.
    await crowd('机长', 3, OTHER_SITE);
    expect(await hot(OTHER_SITE)).toEqual(['机长']);

    expect(refused(await ops.call('POST', BLOCKS, { siteId: demoSite, word: '机长' }), 400, 'word')).toBe(
      '该站点已屏蔽：機長',
    );
    expect(refused(await ops.call('POST', BLOCKS, { siteId: demoSite, word: '  ' }), 400, 'word')).toBe(
      '请填写要屏蔽的词',
    );
    expect(refused(await ops.call('POST', BLOCKS, { siteId: demoSite }), 400, 'word')).toBe('请填写要屏蔽的词');
    expect(refused(await ops.call('POST', BLOCKS, { siteId: demoSite, word: '长'.repeat(41) }), 400, 'word')).toBe(
      '屏蔽词最多 40 个字',
    );
    refused(await ops.call('POST', BLOCKS, { siteId: 'x', word: '词' }), 400, 'siteId');
    refused(await ops.call('POST', BLOCKS, { siteId: 99_999, word: '词' }), 404);
    refused(await ops.call('GET', `${BLOCKS}?siteId=99999`), 404);

    expect((await ops.call('DELETE', `${BLOCKS}/${block.id}`)).statusCode).toBe(204);
    expect(await hot()).toEqual(['机长特辑', '机长', '好看']);
    expect(await queries('机')).toEqual(['机长']);
    refused(await ops.call('DELETE', `${BLOCKS}/${block.id}`), 404);
    refused(await ops.call('DELETE', `${BLOCKS}/x`), 400, 'id');

    const created = await auditRows('hotWordBlock.create');
    const deleted = await auditRows('hotWordBlock.delete');
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ operatorId: ops.session.operator.id, after: { id: block.id, word: '機長' } });
    expect(deleted).toHaveLength(1);
    expect(deleted[0]).toMatchObject({ operatorId: ops.session.operator.id, before: { id: block.id, word: '機長' } });
  });

  it('is for 运营 and 超级管理员; an operator limited to some sites lists and changes only theirs', async () => {
    const { demoSite, otherSite } = t;
    for (const role of ['moderator', 'finance'] as const) {
      const other = await signInOperator(t.h, { role });
      refused(await other.call('GET', BLOCKS), 403);
      refused(await other.call('POST', BLOCKS, { siteId: demoSite, word: '越权' }), 403);
    }
    const elsewhere = json<HotWordBlock>(await ops.call('POST', BLOCKS, { siteId: otherSite, word: '别站词' }), 201);
    const limited = await signInOperator(t.h, { role: 'ops', siteIds: [demoSite] });
    const own = json<HotWordBlockList>(await limited.call('GET', BLOCKS));
    expect(own.siteId).toBe(demoSite);
    expect(own.sites.map((site) => site.id)).toEqual([demoSite]);
    refused(await limited.call('GET', `${BLOCKS}?siteId=${otherSite}`), 403);
    refused(await limited.call('POST', BLOCKS, { siteId: otherSite, word: '越界' }), 403);
    refused(await limited.call('DELETE', `${BLOCKS}/${elsewhere.id}`), 403);
    const mine = json<HotWordBlock>(await limited.call('POST', BLOCKS, { siteId: demoSite, word: '本站词' }), 201);
    expect((await limited.call('DELETE', `${BLOCKS}/${mine.id}`)).statusCode).toBe(204);
    const superOp = await signInOperator(t.h, { role: 'super' });
    expect((await superOp.call('DELETE', `${BLOCKS}/${elsewhere.id}`)).statusCode).toBe(204);
    expect(await auditRows('hotWordBlock.delete')).toHaveLength(3);
  });
});

describe.each(DB_KINDS)('the kept ranking of hot searches on %s', (kind) => {
  let t: Awaited<ReturnType<typeof blocksHarness>>;
  let offset = 0;
  beforeAll(async () => {
    t = await blocksHarness(kind, {
      config: { HOT_SEARCH_REFRESH_SECONDS: 60, HOT_SEARCH_MIN_DEVICES: 3, HOT_SEARCH_MIN_ADDRESSES: 2 },
      now: () => Date.now() + offset,
    });
  });
  afterAll(() => t?.h.close());

  it('reads a site’s crowd again after HOT_SEARCH_REFRESH_SECONDS, and filters a new block at once', async () => {
    const { crowd, hot, demoSite } = t;
    await crowd('机长');
    expect(await hot()).toEqual(['机长']);
    await crowd('好看', 4);
    expect(await hot()).toEqual(['机长']); // the kept ranking
    const ops = await signInOperator(t.h, { role: 'ops' });
    json(await ops.call('POST', BLOCKS, { siteId: demoSite, word: '机长' }), 201);
    expect(await hot()).toEqual([]);
    offset += 61_000;
    expect(await hot()).toEqual(['好看']);
  });
});
