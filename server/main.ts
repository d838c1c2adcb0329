/**
 * The server process: `npx tsx server/main.ts`. Loads the config, opens and migrates the store,
 * resolves the server's secrets (server-secrets.ts: generated on the first start and kept in the
 * store unless the environment sets them), makes sure the demo site and its demo data (SEED_DEMO)
 * exist, serves on HOST:PORT and shuts down cleanly on SIGINT/SIGTERM.
 */
// First: NODE_ENV, read by React when it loads (the first paint's build, src/entry-server.tsx,
// loads react-dom's server renderer).
import './production-mode.ts';
import type { AddressInfo } from 'node:net';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type EnvConfig } from './config.ts';
import { migrate } from './db/migrate.ts';
import { openDb } from './db/open-db.ts';
import { ensureDemoSite } from './db/sites.ts';
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
  app.log.info(describeSeed(await seedDemo(db, { mediaDir: config.MEDIA_DIR, media: config.SEED_DEMO === 'full' })));
}
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
