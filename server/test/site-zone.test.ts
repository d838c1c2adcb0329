/**
 * SITE_TIME_ZONE: the console's session names the site's zone, and the order list's day filters
 * are that zone's days (an order made at 20:00 UTC on 30 November is a 30 November order in New
 * York and a 1 December one in Shanghai).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderPage } from '../../contract/admin/money.ts';
import type { AdminSession } from '../../contract/admin/session.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { siteDay } from '../db/site-day.ts';
import { newMember, operatorCall, pendingOrder, type AdminCall } from './admin-money-fixture.ts';
import { createHarness, type Harness } from './harness.ts';
import { seedMember } from './member-fixture.ts';

describe('the site time zone', () => {
  let h: Harness;
  let finance: AdminCall;
  beforeAll(async () => {
    h = await createHarness('pglite', { seed: seedMember, config: { SITE_TIME_ZONE: 'America/New_York' } });
    finance = await operatorCall(h, 'finance');
  });
  afterAll(() => h?.close());

  it('is refused at start-up when it names no zone', () => {
    expect(() => loadConfig({ SITE_TIME_ZONE: 'Mars/Olympus' })).toThrow(ConfigError);
    expect(() => loadConfig({ SITE_TIME_ZONE: 'Mars/Olympus' })).toThrow(
      /SITE_TIME_ZONE="Mars\/Olympus": must be an IANA time zone/,
    );
    expect(loadConfig({}).SITE_TIME_ZONE).toBe('Asia/Shanghai');
  });

  it('reaches the console in the session, and the server counts its days in it', async () => {
    const session = (await finance('GET', '/admin-api/session')).json<AdminSession>();
    expect(session.timeZone).toBe('America/New_York');
    expect(siteDay(Date.parse('2026-11-30T20:00:00Z'))).toBe('2026-11-30');
  });

  it('filters orders by the days of the site zone', async () => {
    const member = await newMember(h);
    const orderNo = await pendingOrder(h, member, 'month');
    await h.db.query(`UPDATE orders SET created_at = '2026-11-30T20:00:00Z' WHERE order_no = $1`, [orderNo]);
    const on = async (day: string) =>
      (await finance('GET', `/admin-api/orders?userId=${member.id}&from=${day}&to=${day}`))
        .json<OrderPage>()
        .list.map((order) => order.orderNo);
    expect(await on('2026-11-30')).toEqual([orderNo]);
    expect(await on('2026-12-01')).toEqual([]);
  });
});
