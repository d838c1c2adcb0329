/**
 * Real server processes for the scale and crash tests: the server as `npm start` runs it (its bundle:
 * scripts/lib/server-bundle.ts, made by the suite's global setup) on a free
 * port with the environment the test gives (nothing inherited decides the store: DATABASE_URL and
 * REDIS_URL only when the test passes them), the log kept for the test to read, a client over HTTP,
 * and a kill with any signal (SIGKILL for a crash).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../../scripts/lib/free-port.ts';
import { launchServer } from '../../../scripts/lib/server-child.ts';
import { configWith } from '../../config.ts';
import { createTestClient, type TestClient } from '../test-client.ts';

export interface ServerProcess {
  baseURL: string;
  client: TestClient;
  /** Everything the process wrote so far (stdout and stderr). */
  log(): string;
  /** Sends the signal and waits for the exit. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

/** Starts a server and waits until it answers; env adds to a quiet test default (no demo seed, no build). */
export async function startServerProcess(env: Record<string, string>, startTimeoutMs = 90_000): Promise<ServerProcess> {
  const port = await freePort();
  const scratch = mkdtempSync(join(tmpdir(), 'server-process-'));
  const inherited = { ...process.env };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'PORT', 'DATA_DIR', 'LOG_LEVEL']) delete inherited[name];
  let output = '';
  const { child, baseURL, ready } = launchServer(
    port,
    {
      ...inherited,
      DATA_DIR: scratch,
      STATIC_DIR: join(scratch, 'no-build'),
      SEED_DEMO: 'off',
      LOG_LEVEL: 'info',
      ...env,
    },
    ['ignore', 'pipe', 'pipe'],
    { timeoutMs: startTimeoutMs, where: () => `its log:\n${output.slice(-3000)}` },
  );
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  exited.then(() => rmSync(scratch, { recursive: true, force: true }));
  await ready;
  return {
    baseURL,
    client: createTestClient(baseURL, configWith()),
    log: () => output,
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
