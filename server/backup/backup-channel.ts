/**
 * How `npm run backup` reaches a store held by a running server: PGlite is one process's files, so
 * while the server (or `npm run worker`) has DATA_DIR/pg open, no other process may open it. That
 * process listens on a unix socket, DATA_DIR/run/backup.sock, in a folder only its user may enter
 * (0700): no port, nothing on the network, nothing public; a local user other than the server's
 * cannot connect. Asked `BACKUP 1`, it answers `OK` and the backup's bytes (backup.ts: the same
 * snapshot the schedule makes), or `ERR <message>`. One backup at a time.
 *
 * With PostgreSQL there is no channel: `npm run backup` opens the database itself.
 */
import { mkdir, chmod, lstat, rm } from 'node:fs/promises';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import { writeBackup, type BackupSettings } from './backup.ts';

const REQUEST = 'BACKUP 1\n';
const REQUEST_TIMEOUT_MS = 5_000;

export const backupSocketPath = (dataDir: string): string => join(dataDir, 'run', 'backup.sock');

export interface BackupChannel {
  path: string;
  close(): Promise<void>;
}

/** Whether something answers on the socket. */
function answers(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(path);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Opens the channel of the PGlite store `db` in DATA_DIR (call it only for the process holding
 * DATA_DIR/pg: server/main.ts, server/jobs/worker-main.ts). Closed with the process.
 */
export async function openBackupChannel(
  db: Db,
  config: Pick<Config, 'DATA_DIR'> & BackupSettings,
  log: FastifyBaseLogger,
): Promise<BackupChannel> {
  const dir = join(config.DATA_DIR, 'run');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const stats = await lstat(dir);
  if (!stats.isDirectory() || (process.getuid && stats.uid !== process.getuid()))
    throw new Error(`${dir} must be a directory of this user`);
  await chmod(dir, 0o700);
  const path = backupSocketPath(config.DATA_DIR);
  if (await answers(path)) throw new Error(`another process serves backups of ${config.DATA_DIR} (${path})`);
  await rm(path, { force: true });
  let busy = false;
  const server: Server = createServer((socket) => {
    socket.on('error', () => undefined);
    void serve(socket);
  });
  async function serve(socket: Socket): Promise<void> {
    const request = await readRequest(socket);
    if (request !== REQUEST) {
      socket.end('ERR unknown request\n');
      return;
    }
    if (busy) {
      socket.end('ERR a backup is being made already: try again when it is done\n');
      return;
    }
    busy = true;
    try {
      socket.write('OK\n');
      const summary = await writeBackup(db, config, socket);
      log.info({ rows: summary.rows, files: summary.files }, 'backup: sent over the local channel');
    } catch (error) {
      log.warn({ err: error }, 'backup over the local channel failed');
      socket.destroy();
    } finally {
      busy = false;
    }
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve());
  });
  await chmod(path, 0o600);
  return {
    path,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(path, { force: true });
    },
  };
}

function readRequest(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    const timer = setTimeout(() => finish(''), REQUEST_TIMEOUT_MS);
    const finish = (value: string) => {
      clearTimeout(timer);
      socket.off('data', onData);
      resolve(value);
    };
    const onData = (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (text.includes('\n') || text.length > 64) finish(text.slice(0, text.indexOf('\n') + 1) || text);
    };
    socket.on('data', onData);
    socket.once('end', () => finish(text));
  });
}

/**
 * Asks the process holding DATA_DIR/pg for a backup, written to `out`; answers false (out
 * untouched) when no process answers there: the store is not open, open it directly.
 */
export function backupFromRunningServer(dataDir: string, out: Writable): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const socket = connect(backupSocketPath(dataDir));
    let head = Buffer.alloc(0);
    let started = false;
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (!started && (error.code === 'ENOENT' || error.code === 'ECONNREFUSED')) resolve(false);
      else reject(new Error(`the server's backup channel failed: ${error.message}`));
    });
    socket.once('connect', () => {
      started = true;
      socket.write(REQUEST);
    });
    socket.once('close', () => {
      // Settles nothing once the answer began (its 'end' did); else the server hung up unanswered.
      reject(new Error('the server closed its backup channel without an answer: see its log'));
    });
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const newline = head.indexOf(10);
      if (newline < 0 && head.length < 1024) return;
      socket.off('data', onData);
      const line = head.subarray(0, newline).toString('utf8');
      if (line !== 'OK') {
        socket.destroy();
        reject(new Error(`the server refused the backup: ${line.replace(/^ERR /, '')}`));
        return;
      }
      const rest = head.subarray(newline + 1);
      if (rest.length > 0) out.write(rest);
      socket.pipe(out);
      socket.once('end', () => resolve(true));
    };
    socket.on('data', onData);
  });
}

/**
 * The channel of a process holding the PGlite store (nothing with DATABASE_URL), closed with `owner`
 * (the server's app, or the worker's logger instance).
 */
export async function attachBackupChannel(
  owner: FastifyInstance,
  db: Db,
  config: Pick<Config, 'DATA_DIR' | 'DATABASE_URL'> & BackupSettings,
): Promise<void> {
  if (config.DATABASE_URL || db.kind !== 'pglite') return;
  const channel = await openBackupChannel(db, config, owner.log);
  owner.addHook('onClose', () => channel.close());
}
