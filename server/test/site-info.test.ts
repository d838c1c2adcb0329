import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SITE } from '../db/sites.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';

describe.each(DB_KINDS)('GET /api/fetch-data on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, {
      seed: async (db) => {
        await db.query(
          `INSERT INTO sites (account_id, app_id, host, title, description, primary_color)
           VALUES ('10002', 'tv', 'tv.example.com', '电视站', '第二个站点', '#1677ff')`,
        );
      },
    });
  });
  afterAll(() => h?.close());

  const fetchSiteInfo = async (host: string) => {
    const res = await h.app.inject({ method: 'GET', url: '/api/fetch-data', headers: { host } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    return res.json() as { siteInfo: Record<string, string> };
  };

  it('answers plain JSON for the demo site on localhost, any port', async () => {
    expect(await fetchSiteInfo('localhost:8080')).toEqual({
      siteInfo: {
        title: '影视社区',
        host: 'localhost',
        accountId: DEMO_SITE.accountId,
        appId: DEMO_SITE.appId,
        description: DEMO_SITE.description,
        primaryColor: DEMO_SITE.primaryColor,
      },
    });
  });

  it('chooses the site by Host, case-insensitively', async () => {
    const { siteInfo } = await fetchSiteInfo('TV.Example.com');
    expect(siteInfo).toMatchObject({ accountId: '10002', appId: 'tv', title: '电视站', primaryColor: '#1677ff' });
  });

  it('falls back to the demo site for an unknown host', async () => {
    expect((await fetchSiteInfo('unknown.example.org')).siteInfo.accountId).toBe(DEMO_SITE.accountId);
  });
});
