/**
 * What every console browser test does: make operators as `npm run admin -- create-operator` does
 * (in the data folder before its server opens it), sign in through the sign-in screen with a TOTP
 * code computed here, and read the menu. Screenshots go to SHOTS.
 */
import { existsSync } from 'node:fs';
import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { runAdminCommand } from '../server/admin/cli.ts';
import { migrate } from '../server/db/migrate.ts';
import { openDb } from '../server/db/open-db.ts';

/** Where console screenshots go: /work/notes/shots/ when that folder exists, else .artifacts/screenshots/. */
export const SHOTS = existsSync('/work/notes') ? '/work/notes/shots' : '.artifacts/screenshots';

export interface Credentials {
  username: string;
  password: string;
  totpSecret: string;
}

/** Operators made by the console's own CLI command, in `dataDir` (migrated first). */
export async function createOperators(
  dataDir: string,
  specs: Array<[username: string, role: string, sites?: string]>,
): Promise<Credentials[]> {
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

/** Fills and sends the sign-in form (`code` overrides the TOTP code). */
export async function fillSignIn(page: Page, who: Credentials, code?: string): Promise<void> {
  await page.getByLabel('用户名').fill(who.username);
  await page.getByLabel('密码').fill(who.password);
  await page.getByLabel('动态验证码').fill(code ?? (await generate({ secret: who.totpSecret })));
  await page.getByRole('button', { name: '登录' }).click();
}

/** Opens `path` of the console, signs in and waits for the shell. */
export async function signInAt(page: Page, path: string, who: Credentials): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { name: '运营后台登录' }).waitFor();
  await fillSignIn(page, who);
  await page.getByTestId('operator').waitFor();
}

/** The menu's entries as shown. */
export const menuOf = (page: Page) => page.getByRole('navigation').getByRole('link').allInnerTexts();
