/**
 * Finds a Chromium to drive: $CHROMIUM_PATH, Debian's /usr/bin/chromium, or Playwright's own
 * download where one is installed. Nothing is downloaded here.
 */
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function findChromium(): string | null {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  try {
    candidates.push(chromium.executablePath());
  } catch {
    // playwright-core knows no browser of its own here
  }
  return candidates.find((path): path is string => Boolean(path) && existsSync(path as string)) ?? null;
}
