/**
 * Finds a Chromium to drive: $CHROMIUM_PATH, Debian's /usr/bin/chromium, or Playwright's own
 * download where one is installed. Nothing is downloaded here. And whether the CJK fonts every
 * user's device has are installed: without them every Chinese glyph is a box, so layouts, the
 * screenshots and the bench measure boxes, not the text people see.
 */
import { execFileSync } from 'node:child_process';
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

/** What to install when `cjkFontsInstalled` is false (.ci/run does). */
export const CJK_FONTS_HINT = 'apt-get update && apt-get install -y fonts-noto-cjk';

/** Whether fontconfig knows a font for Simplified Chinese. */
export function cjkFontsInstalled(): boolean {
  try {
    return execFileSync('fc-list', [':lang=zh-cn', 'family'], { encoding: 'utf8' }).trim() !== '';
  } catch {
    return false; // no fontconfig: no fonts either
  }
}

/** Throws, naming `what` and the install command, where no CJK font is installed. */
export function requireCjkFonts(what: string): void {
  if (!cjkFontsInstalled()) throw new Error(`${what} needs the CJK fonts every user has: ${CJK_FONTS_HINT}`);
}
