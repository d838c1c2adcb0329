import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVERY_DB_KIND, openTestDb } from '../test/harness.ts';
import { sqlState, UNIQUE_VIOLATION, type Db } from './db.ts';

describe.each(EVERY_DB_KIND)('the query layer on %s', (kind) => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb(kind);
    await db.exec(
      'CREATE TABLE items (id bigserial PRIMARY KEY, name text UNIQUE NOT NULL, at timestamptz DEFAULT now())',
    );
  });
  afterAll(() => db?.close());

  it('returns int8 as numbers and timestamptz as Dates, the same on both drivers', async () => {
    const row = await db.one<{ big: unknown; at: unknown; n: unknown }>(
      'SELECT 9007199254740991::int8 AS big, now() AS at, 1.50::numeric AS n',
    );
    expect(row).toEqual({ big: Number.MAX_SAFE_INTEGER, at: expect.any(Date), n: '1.50' });
    await expect(db.query('SELECT 9007199254740993::int8 AS big')).rejects.toThrow(/safe integer/);
  });

  it('passes $1 params and answers undefined from one() when there is no row', async () => {
    await db.query('INSERT INTO items (name) VALUES ($1)', ['一']);
    expect(await db.one('SELECT name FROM items WHERE name = $1', ['一'])).toEqual({ name: '一' });
    expect(await db.one('SELECT name FROM items WHERE name = $1', ['无'])).toBeUndefined();
  });

  it('reports SQLSTATE of driver errors', async () => {
    const error = await db.query('INSERT INTO items (name) VALUES ($1)', ['一']).catch((e: unknown) => e);
    expect(sqlState(error)).toBe(UNIQUE_VIOLATION);
  });

  it('commits a transaction and rolls back a failed one completely', async () => {
    expect(
      await db.tx(async (q) => (await q.query('INSERT INTO items (name) VALUES ($1) RETURNING id', ['二'])).length),
    ).toBe(1);
    await expect(
      db.tx(async (q) => {
        await q.query('INSERT INTO items (name) VALUES ($1)', ['三']);
        throw new Error('half way');
      }),
    ).rejects.toThrow('half way');
    const names = (await db.query<{ name: string }>('SELECT name FROM items ORDER BY id')).map((r) => r.name);
    expect(names).toEqual(['一', '二']);
  });

  it('keeps concurrent transactions apart: no statement sees another uncommitted one', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const failing = db.tx(async (q) => {
      await q.query('INSERT INTO items (name) VALUES ($1)', ['四']);
      await gate;
      throw new Error('rolled back');
    });
    const outside = db.one<{ n: number }>("SELECT count(*)::int AS n FROM items WHERE name = '四'");
    const other = db.tx((q) => q.query('INSERT INTO items (name) VALUES ($1)', ['五']));
    setTimeout(release, 50);
    await expect(failing).rejects.toThrow('rolled back');
    expect(await outside).toEqual({ n: 0 });
    await other;
    const names = (await db.query<{ name: string }>('SELECT name FROM items ORDER BY name')).map((r) => r.name);
    expect(names).toContain('五');
    expect(names).not.toContain('四');
  });

  it('refuses the Db itself inside its transaction instead of deadlocking', async () => {
    await expect(db.tx(() => db.query('SELECT 1'))).rejects.toThrow(/inside Db.tx/);
    expect(await db.one('SELECT 1 AS ok')).toEqual({ ok: 1 });
  });
});
