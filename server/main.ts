/**
 * The server process: `npx tsx server/main.ts`. Loads the config, opens and migrates the store,
 * resolves the server's secrets (server-secrets.ts: generated on the first start and kept in the
 * store unless the environment sets them), makes sure the demo site and its demo data (SEED_DEMO)
 * exist (with the console's first operator on a fresh demo), serves on HOST:PORT, then makes the
 * demo's missing media files in the background (seed/background-media.ts), and shuts down cleanly
 * on SIGINT/SIGTERM.
 */
// First: NODE_ENV, read by React when it loads (the first paint's build, src/entry-server.tsx,
// loads react-dom's server renderer).
import './production-mode.ts';
import type { AddressInfo } from 'node:net';
import { ensureFirstOperator } from './admin/first-operator.ts';
import { buildApp } from './app.ts';
import { attachBackupChannel } from './backup/backup-channel.ts';
import { ConfigError, loadConfig, type EnvConfig } from './config.ts';
import { migrate } from './db/migrate.ts';
import { openDb } from './db/open-db.ts';
import { ensureDemoSite } from './db/sites.ts';
import { prepareDemoMedia } from './seed/background-media.ts';
import { describeSeed, seedDemo } from './seed/seed-demo.ts';
import { fillNicknameSkeletons } from './db/nickname-skeletons.ts';
import { describeUploadFfmpeg, uploadFfmpeg } from './media/upload-ffmpeg.ts';
import { urlWithoutPassword } from './request-state/redis-state.ts';
import { describeSecrets, resolveServerSecrets } from './server-secrets.ts';

/** The value, or the process exits with a ConfigError's message (a bad setting, a public secret). */
async function orExit<T>(read: () => T | Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const env: EnvConfig = await orExit(() => loadConfig());
const db = await openDb(env);
const applied = await migrate(db);
await ensureDemoSite(db);
const secrets = await orExit(() => resolveServerSecrets(db, env));
const { config } = secrets;
const app = await buildApp({ config, db });
// `npm run backup` asks this process for the PGlite store's backup (a unix socket in DATA_DIR/run).
await attachBackupChannel(app, db, config);
if (applied.length > 0) app.log.info({ applied }, 'migrations applied');
for (const { level, text } of describeSecrets(secrets)) app.log[level](text);
const shared = config.REDIS_URL
  ? `Redis ${urlWithoutPassword(config.REDIS_URL)}, keys ${config.REDIS_PREFIX}*`
  : 'this process (memory)';
app.log.info(
  `store: ${config.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${config.DATA_DIR}/pg`}; replay ids and rate limits: ${shared}`,
);
const decoder = await uploadFfmpeg(config);
app.log[decoder.problem === undefined ? 'info' : 'warn'](describeUploadFfmpeg(decoder));
if (config.SEED_DEMO !== 'off') {
  app.log.info(`demo data: checking (media in ${config.MEDIA_DIR}: ${config.SEED_DEMO === 'full' ? 'yes' : 'no'})`);
  app.log.info(describeSeed(await seedDemo(db, { mediaDir: config.MEDIA_DIR, media: false })));
}
// A fresh demo's console: with no operator yet, a super operator `admin` is made now and how to sign
// in is printed once the server listens (afterwards there is an operator, and nothing is printed).
const firstOperator =
  config.SEED_DEMO === 'off' ? null : await ensureFirstOperator(db, `http://localhost:${config.PORT}/admin`);
// The demo's media files: the missing ones are found now and made once the server listens.
const demoMedia = config.SEED_DEMO === 'full' ? await prepareDemoMedia(config.MEDIA_DIR, { log: app.log }) : null;
// Members' nicknames written without their look-alike skeletons (rows older than migration 029, a
// seed or bulk fill): computed before the first name is checked against them.
const skeletons = await fillNicknameSkeletons(db);
if (skeletons > 0) app.log.info(`nicknames: ${skeletons} look-alike skeletons computed`);

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: closing`);
  try {
    await app.close();
    await db.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'unclean shutdown');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ host: config.HOST, port: config.PORT });
const { port } = app.server.address() as AddressInfo;
const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
app.log.info(`serving on http://${host.includes(':') ? `[${host}]` : host}:${port}`);
if (firstOperator) console.log(`\n${firstOperator}\n`);
void demoMedia?.start();

// Prometheus metrics on a listener of their own when METRICS_PORT is set (server/metrics/metrics-http.ts).
const metricsAt = await app.metricsListener.listen();
if (metricsAt) app.log.info(`metrics on ${metricsAt.host} port ${metricsAt.port}, path /metrics`);
