/**
 * The server process: `npx tsx server/main.ts`. Loads the config, opens and migrates the store,
 * makes sure the demo site and its demo data (SEED_DEMO) exist, serves on HOST:PORT and shuts down
 * cleanly on SIGINT/SIGTERM.
 */
// First: NODE_ENV, read by React when it loads (the first paint's build, src/entry-server.tsx,
// loads react-dom's server renderer).
import './production-mode.ts';
import type { AddressInfo } from 'node:net';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { migrate } from './db/migrate.ts';
import { openDb } from './db/open-db.ts';
import { ensureDemoSite } from './db/sites.ts';
import { describeSeed, seedDemo } from './seed/seed-demo.ts';
import { urlWithoutPassword } from './request-state/redis-state.ts';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
const db = await openDb(config);
const applied = await migrate(db);
await ensureDemoSite(db);
const app = await buildApp({ config, db });
if (applied.length > 0) app.log.info({ applied }, 'migrations applied');
const shared = config.REDIS_URL
  ? `Redis ${urlWithoutPassword(config.REDIS_URL)}, keys ${config.REDIS_PREFIX}*`
  : 'this process (memory)';
app.log.info(
  `store: ${config.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${config.DATA_DIR}/pg`}; replay ids and rate limits: ${shared}`,
);
if (config.SEED_DEMO !== 'off') {
  app.log.info(`demo data: checking (media in ${config.MEDIA_DIR}: ${config.SEED_DEMO === 'full' ? 'yes' : 'no'})`);
  app.log.info(describeSeed(await seedDemo(db, { mediaDir: config.MEDIA_DIR, media: config.SEED_DEMO === 'full' })));
}

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
