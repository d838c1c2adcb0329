/**
 * The `npm run admin` process as an operator runs it (README.md, "Other commands"): `--help`, `-h` and
 * `help` print the usage naming every command and exit 0 without opening any store; a command's
 * `--help` prints that command's usage; an unknown command or a missing or bad option prints the
 * usage on stderr and exits 2, also before any store is opened.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_COMMANDS } from '../admin/cli.ts';

const SCRIPT = fileURLToPath(new URL('../../scripts/admin.ts', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'admin-cli-'));
/** Never created: the PGlite store would live under it, so its absence shows none was opened. */
const dataDir = join(root, 'data');

afterAll(() => rmSync(root, { recursive: true, force: true }));

function admin(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', SCRIPT, ...args], { env }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
    });
  });
}

describe('npm run admin', () => {
  it.each(['--help', '-h', 'help'])('%s prints the usage of every command and exits 0', async (flag) => {
    const { code, stdout, stderr } = await admin(flag);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    for (const command of Object.keys(ADMIN_COMMANDS)) {
      expect(stdout).toContain(`npm run admin -- ${command} `);
    }
    expect(existsSync(dataDir)).toBe(false);
  });

  it("prints one command's usage for its --help and exits 0", async () => {
    const { code, stdout } = await admin('rotate-secret', '--help');
    expect(code).toBe(0);
    expect(stdout).toContain('npm run admin -- rotate-secret --name MEDIA_SECRET|PAY_KEY|VAPID');
    expect(stdout).not.toContain('create-operator');
  });

  it('refuses an unknown command with the usage on stderr and exit code 2', async () => {
    const { code, stdout, stderr } = await admin('drop-everything');
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('unknown command "drop-everything"');
    for (const command of Object.keys(ADMIN_COMMANDS)) expect(stderr).toContain(`npm run admin -- ${command} `);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('refuses no command, a missing option and a bad one with exit code 2', async () => {
    const none = await admin();
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('npm run admin -- create-operator ');

    const missing = await admin('rotate-secret');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--name must be one of MEDIA_SECRET, PAY_KEY, VAPID');

    const bad = await admin('create-operator', '--username', 'ops1', '--role', 'root');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--role must be one of');
    expect(existsSync(dataDir)).toBe(false);
  });
});
