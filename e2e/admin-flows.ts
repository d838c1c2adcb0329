/**
 * What every console browser test does: make operators as `npm run admin -- create-operator` does
 * (in the data folder before its server opens it), sign in through the sign-in screen with a TOTP
 * code computed here, and read the menu. `startConsoleSuite` sets up a suite: its own data folder,
 * operators and server, and a browser.
 */
import type { Browser, Page } from 'playwright-core';
import { inject } from 'vitest';
import { runAdminCommand } from '../server/admin/cli.ts';
import { TOTP_PERIOD_SECONDS, totpCode } from '../server/admin/totp.ts';
import { migrate } from '../server/db/migrate.ts';
import { openDb } from '../server/db/open-db.ts';
import { launch } from './browser.ts';
import { copyOfSeededData } from './seeded-data.ts';
import { startServer, type RunningServer } from './server-process.ts';

export interface Credentials {
  username: string;
  password: string;
  totpSecret: string;
}

type OperatorSpec = [username: string, role: string, sites?: string];

/** Operators made by the console's own CLI command, in `dataDir` (migrated first). */
export async function createOperators(dataDir: string, specs: OperatorSpec[]): Promise<Credentials[]> {
  const db = await openDb({ DATA_DIR: dataDir, DATABASE_URL: undefined });
  try {
    await migrate(db);
    const made: Credentials[] = [];
    for (const [username, role, sites] of specs) {
      const args = ['create-operator', '--username', username, '--role', role];
      if (sites) args.push('--sites', sites);
      const { created } = await runAdminCommand(db, args);
      made.push({ username, password: created.password, totpSecret: created.totpSecret });
    }
    return made;
  } finally {
    await db.close();
  }
}

/** A console suite's own server, with its operators, and a browser; `stop` ends both. */
export interface ConsoleSuite {
  server: RunningServer;
  browser: Browser;
  operators: Credentials[];
  stop(): Promise<void>;
}

/**
 * Starts a suite: a fresh data folder (`e2e-<name>-…`) with `operators` made by the CLI, a server on
 * it serving the suite's build with `env` added, and a browser.
 */
export async function startConsoleSuite(
  name: string,
  operators: OperatorSpec[],
  env: Record<string, string> = {},
): Promise<ConsoleSuite> {
  const dataDir = copyOfSeededData(`e2e-${name}-`);
  const made = await createOperators(dataDir, operators);
  const server = await startServer({ STATIC_DIR: inject('staticDir'), ...env }, { dataDir });
  const browser = await launch();
  return {
    server,
    browser,
    operators: made,
    async stop() {
      await browser.close();
      await server.stop();
    },
  };
}

/** The last TOTP time step each secret signed in with: the server takes a step once. */
const usedSteps = new Map<string, number>();

/**
 * A code the server has not seen yet: the current step's, or the next one's when the current was
 * used (the server accepts a step either side), waiting only when that one was used too.
 */
async function unusedCode(secret: string): Promise<string> {
  const stepMs = TOTP_PERIOD_SECONDS * 1000;
  const now = Math.floor(Date.now() / stepMs);
  const step = Math.max(now, (usedSteps.get(secret) ?? -1) + 1);
  if (step > now + 1) await new Promise((resolve) => setTimeout(resolve, (step - 1) * stepMs - Date.now() + 100));
  usedSteps.set(secret, step);
  return totpCode(secret, step * stepMs);
}

/** Fills and sends the sign-in form (`code` overrides the TOTP code). */
export async function fillSignIn(page: Page, who: Credentials, code?: string): Promise<void> {
  await page.getByLabel('用户名').fill(who.username);
  await page.getByLabel('密码').fill(who.password);
  await page.getByLabel('动态验证码').fill(code ?? (await unusedCode(who.totpSecret)));
  await page.getByRole('button', { name: '登录' }).click();
}

/**
 * On the 设置新密码 screen a one-time password leads to: sets a password of the operator's own and
 * keeps it in `who` for the next sign-in.
 */
export async function choosePassword(page: Page, who: Credentials): Promise<void> {
  await page.getByRole('heading', { name: '设置新密码' }).waitFor();
  const next = `Own-${who.totpSecret.slice(0, 6)}-9k`;
  await page.getByLabel('当前密码（一次性密码）').fill(who.password);
  await page.getByLabel('新密码', { exact: true }).fill(next);
  await page.getByLabel('再次输入新密码').fill(next);
  await page.getByRole('button', { name: '保存新密码' }).click();
  await page.getByTestId('operator').waitFor();
  who.password = next;
}

/** Opens `path` of the console, signs in (choosing a password after a one-time one) and waits for the shell. */
export async function signInAt(page: Page, path: string, who: Credentials): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { name: '运营后台登录' }).waitFor();
  await fillSignIn(page, who);
  const shell = page.getByTestId('operator');
  const choose = page.getByRole('heading', { name: '设置新密码' });
  await shell.or(choose).waitFor();
  if (await choose.isVisible()) await choosePassword(page, who);
}

/** The console menu's entries as shown (not a page's own tabs). */
export const menuOf = (page: Page) =>
  page.getByRole('navigation', { name: '导航', exact: true }).getByRole('link').allInnerTexts();
