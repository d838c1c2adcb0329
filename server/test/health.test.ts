/**
 * The load balancer's probes as docs/operations.md "Metrics and health" describes them: /healthz
 * answers while the process runs; /readyz answers 200 only when the store answers, every migration
 * is applied and the build is there, else 503 naming the failed check. PostgreSQL is stopped for
 * real: the store is reached through a TCP proxy (node:net) the test closes, stalls and reopens.
 * Neither probe goes through the wire protocol, is rate limited or writes an info line per hit.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, Socket, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/db.ts';
import { migrate } from '../db/migrate.ts';
import { openPostgresDb } from '../db/postgres-db.ts';
import { ensureDemoSite } from '../db/sites.ts';
import { createAppOn, createHarness, DB_KINDS, type Harness } from './harness.ts';
import { createScratchDatabase, type ScratchDatabase } from './scale/scratch-database.ts';

interface Probe {
  status: number;
  body: { status: string; failed?: string[]; checks?: Record<string, string> };
  contentType: string;
}

async function probe(app: FastifyInstance, url: '/healthz' | '/readyz'): Promise<Probe> {
  const res = await app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json(), contentType: String(res.headers['content-type']) };
}

/** Whether /readyz answers 200 within `ms`, asked every 100 ms. */
async function readyWithin(app: FastifyInstance, ms: number): Promise<boolean> {
  const until = performance.now() + ms;
  for (;;) {
    if ((await probe(app, '/readyz')).status === 200) return true;
    if (performance.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A PWA build of one file: what readiness looks for. */
function makeBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'station-health-build-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>站点</title>');
  return dir;
}

const ALL_OK = { database: 'ok', migrations: 'ok', build: 'ok' };

describe.each(DB_KINDS)('health probes on %s', (kind) => {
  const build = makeBuild();
  const lines: string[] = [];
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, {
      config: { STATIC_DIR: build, LOG_LEVEL: 'info', RATE_LIMITS: 'on' },
      logStream: { write: (line) => void lines.push(line) },
    });
  });
  afterAll(async () => {
    await h?.close();
    rmSync(build, { recursive: true, force: true });
  });

  it('/healthz answers 200 while the process runs, as plain JSON', async () => {
    const res = await probe(h.app, '/healthz');
    expect(res).toEqual({ status: 200, body: { status: 'ok' }, contentType: 'application/json; charset=utf-8' });
  });

  it('/readyz answers 200 naming each check when the store, its migrations and the build are there', async () => {
    const res = await probe(h.app, '/readyz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', checks: ALL_OK });
  });

  it('/readyz answers 503 naming the migration missing from the store, and 200 once it is back', async () => {
    const last = await h.db.one<{ version: number; name: string }>(
      'SELECT version, name FROM schema_migrations ORDER BY version DESC LIMIT 1',
    );
    await h.db.query('DELETE FROM schema_migrations WHERE version = $1', [last!.version]);
    try {
      const res = await probe(h.app, '/readyz');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        status: 'unavailable',
        failed: ['migrations'],
        checks: { ...ALL_OK, migrations: `missing ${String(last!.version).padStart(3, '0')}-${last!.name}` },
      });
    } finally {
      await h.db.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [last!.version, last!.name]);
    }
    expect((await probe(h.app, '/readyz')).status).toBe(200);
  });

  it('is neither rate limited nor logged at info on every hit', async () => {
    lines.length = 0;
    for (let i = 0; i < 60; i += 1) {
      expect((await probe(h.app, i % 2 ? '/healthz' : '/readyz')).status).toBe(200);
    }
    await h.app.inject({ method: 'GET', url: '/api/fetch-data' });
    const requestLines = lines.filter((line) => line.includes('request completed'));
    expect(requestLines.some((line) => line.includes('/api/fetch-data'))).toBe(true);
    expect(requestLines.filter((line) => /\/(healthz|readyz)/.test(line))).toEqual([]);
  });

  describe('without a build', () => {
    let bare: Harness;
    beforeAll(async () => {
      // The harness's default STATIC_DIR has no build: pages answer 503 (server/static.ts).
      bare = await createHarness(kind);
    });
    afterAll(() => bare?.close());

    it('/readyz answers 503 naming the build, /healthz 200', async () => {
      const res = await probe(bare.app, '/readyz');
      expect(res.status).toBe(503);
      expect(res.body.failed).toEqual(['build']);
      expect(res.body.checks!.build).toMatch(/^missing/);
      expect((await probe(bare.app, '/healthz')).status).toBe(200);
    });
  });
});

/** A TCP proxy in front of PostgreSQL: forwards, stalls (accepts and never answers) or is closed. */
class PgProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  mode: 'forward' | 'stall' = 'forward';
  port = 0;
  /** Connections accepted since opened. */
  accepted = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async open(): Promise<void> {
    const server = createServer((client) => {
      this.accepted += 1;
      this.track(client);
      if (this.mode === 'stall') return;
      const upstream = new Socket();
      this.track(upstream);
      upstream.connect(this.target.port, this.target.host);
      client.pipe(upstream).pipe(client);
      const end = () => {
        client.destroy();
        upstream.destroy();
      };
      client.on('error', end).on('close', end);
      upstream.on('error', end).on('close', end);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Stops accepting and cuts every connection, as a stopped PostgreSQL does. */
  async close(): Promise<void> {
    this.cut();
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Cuts every connection open now. */
  cut(): void {
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  private track(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
  }
}

describe.runIf(process.env.DATABASE_URL)('/readyz while PostgreSQL stops and returns', () => {
  const build = makeBuild();
  let scratch: ScratchDatabase;
  let proxy: PgProxy;
  let db: Db;
  let app: FastifyInstance;

  beforeAll(async () => {
    scratch = await createScratchDatabase(process.env.DATABASE_URL!);
    const direct = new URL(scratch.url);
    proxy = new PgProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    await proxy.open();
    const proxied = new URL(scratch.url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    // Idle connections cut by the proxy are expected here.
    db = await openPostgresDb({ url: proxied.toString(), onIdleError: () => {} });
    await migrate(db);
    await ensureDemoSite(db);
    ({ app } = await createAppOn(db, { config: { STATIC_DIR: build, JOBS: 'off', PUSH_JOBS: 'off' } }));
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await proxy?.close();
    await scratch?.drop();
    rmSync(build, { recursive: true, force: true });
  });

  it('is 200, then 503 naming the database while it is down, then 200 when it is back', async () => {
    expect((await probe(app, '/readyz')).status).toBe(200);

    await proxy.close();
    const down = await probe(app, '/readyz');
    expect(down.status).toBe(503);
    expect(down.body).toEqual({
      status: 'unavailable',
      failed: ['database', 'migrations'],
      checks: { database: 'unreachable', migrations: 'not checked', build: 'ok' },
    });
    // The process itself lives on.
    expect((await probe(app, '/healthz')).status).toBe(200);

    await proxy.open();
    expect((await probe(app, '/readyz')).body).toEqual({ status: 'ok', checks: ALL_OK });
  });

  it('is 503 within its timeout when the database accepts but never answers', async () => {
    proxy.mode = 'stall';
    proxy.cut();
    // The pool notices its idle connections cut before the probes come.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const acceptedBefore = proxy.accepted;
    try {
      const started = performance.now();
      // Probes while the store hangs share one check rather than queueing more.
      const [first, second] = await Promise.all([probe(app, '/readyz'), probe(app, '/readyz')]);
      const took = performance.now() - started;
      for (const res of [first, second]) {
        expect(res.status).toBe(503);
        expect(res.body.failed).toEqual(['database', 'migrations']);
        expect(res.body.checks!.database).toBe('no answer within 2000 ms');
      }
      expect(took).toBeGreaterThanOrEqual(1_900);
      expect(took).toBeLessThan(10_000);
      expect(proxy.accepted - acceptedBefore).toBe(1);
    } finally {
      proxy.mode = 'forward';
      proxy.cut();
    }
    // The stalled check ends as its connection is cut; the probes after it find the store again.
    expect(await readyWithin(app, 5_000)).toBe(true);
  });
});
