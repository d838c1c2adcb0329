/**
 * `npm run worker`: a process that only runs the job workers (server/jobs/job-workers.ts) on the
 * configured store, for deployments where the server processes run with JOBS=off and the video
 * jobs run on machines of their own. It needs the same DATABASE_URL (or, on one machine, DATA_DIR
 * for PGlite, which allows one process at a time), UPLOAD_DIR and MEDIA_DIR as the servers
 * (shared storage). SIGINT/SIGTERM stop it: the running ffmpeg is killed and its job is retried by
 * the next worker; a worker killed outright leaves its job to be retried after its expiry.
 */
import Fastify from 'fastify';
import { attachBackupChannel } from '../backup/backup-channel.ts';
import { ConfigError, loadConfig, type EnvConfig } from '../config.ts';
import { migrate } from '../db/migrate.ts';
import { openDb } from '../db/open-db.ts';
import { setSiteZone } from '../db/site-day.ts';
import { loggerOptions } from '../logging/logging.ts';
import { resolveServerSecrets } from '../server-secrets.ts';
import { describeUploadFfmpeg, uploadFfmpeg } from '../media/upload-ffmpeg.ts';
import { Outbound } from '../net/outbound.ts';
import { jobWorkers } from './job-workers.ts';

function readConfig(): EnvConfig {
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

const env = readConfig();
setSiteZone(env.SITE_TIME_ZONE);
// A logger like the server's (level, redaction, batched stdout), without a server.
const logs = Fastify({ logger: loggerOptions(env) });
const log = logs.log;
const db = await openDb(env);
await migrate(db);
// The settings as a server resolves them (server/server-secrets.ts): the jobs sign nothing themselves.
const { config } = await resolveServerSecrets(db, env);
const workers = await jobWorkers(db, config, log, new Outbound({ testHosts: config.OUTBOUND_TEST_HOSTS }));
// PGlite: `npm run backup` asks this process, which holds the store (server/backup/backup-channel.ts).
await attachBackupChannel(logs, db, config);

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  log.info(`${signal}: stopping the job workers`);
  try {
    await workers.stop();
    await db.close();
    await logs.close();
    process.exit(0);
  } catch (error) {
    log.error({ err: error }, 'unclean shutdown');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await workers.work();
log.info(
  `worker: taking jobs from ${config.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${config.DATA_DIR}/pg`} (schema ${workers.jobs.schema})`,
);
const decoder = await uploadFfmpeg(config);
log[decoder.problem === undefined ? 'info' : 'warn'](describeUploadFfmpeg(decoder));
