/**
 * Runs the real server as `npm start` does (its bundle, dist-server/main.mjs: scripts/lib/server-bundle.ts,
 * made by the suites' global setups) as a child process on a free port with a fresh embedded
 * database, serving the production build from dist/, for the browser suite.
 */
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_MEDIA_CACHE } from '../server/seed/generate-media.ts';
import { freePort } from '../scripts/lib/free-port.ts';
import { launchServer } from '../scripts/lib/server-child.ts';

export interface RunningServer {
  baseURL: string;
  port: number;
  dataDir: string;
  /** Stops the process; the data folder goes too unless `keepData` (a restart on it follows). */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

export interface ServerPlace {
  /** Listen on this port (a restart keeps the origin, so the browser's site data stays valid). */
  port?: number;
  /** Use this data folder (a restart keeps the database). */
  dataDir?: string;
  /** Run on this PostgreSQL database instead of the embedded default (the bench's scale stages). */
  databaseUrl?: string;
  /** Append the server's log to this file (default .artifacts/e2e-server.log). */
  logFile?: string;
}

export async function startServer(
  extraEnv: Record<string, string> = {},
  place: ServerPlace = {},
): Promise<RunningServer> {
  const port = place.port ?? (await freePort());
  const dataDir = place.dataDir ?? mkdtempSync(join(tmpdir(), 'e2e-data-'));
  mkdirSync('.artifacts', { recursive: true });
  // The server writes its log to the file itself: relayed through this process, a busy test (or
  // benchmark) would hold the server up at every write.
  const logFile = place.logFile ?? '.artifacts/e2e-server.log';
  const log = openSync(logFile, 'a');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    STATIC_DIR: 'dist',
    MEDIA_DIR: DEMO_MEDIA_CACHE,
    // Every browser and member of the suite comes from 127.0.0.1, and its flows hide items with the
    // reports of new members: the registrations per address and the reporters' trust are tested by
    // the server suite (rate-limits.test.ts, reports.test.ts).
    REGISTER_PER_ADDRESS_HOUR: '1000000',
    REPORT_TRUST_ACCOUNT: 'off',
    REPORT_TRUST_AGE_HOURS: '0',
    REPORT_TRUST_WRITINGS: '0',
    ...extraEnv,
  };
  // The browser suite runs the embedded default, as `npm start` does; scale mode has its own tests.
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  if (place.databaseUrl) env.DATABASE_URL = place.databaseUrl;
  const { child, baseURL, ready } = launchServer(port, env, ['ignore', log, log], {
    timeoutMs: 120_000,
    where: () => `see ${logFile}`,
  });
  closeSync(log);
  await ready;
  return {
    baseURL,
    port,
    dataDir,
    async stop({ keepData = false } = {}) {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
