/**
 * Finds a Chromium to drive: $CHROMIUM_PATH, Debian's /usr/bin/chromium, or Playwright's own
 * download where one is installed. Nothing is downloaded here. And whether the CJK fonts every
 * user's device has are installed: without them every Chinese glyph is a box, so layouts, the
 * screenshots and the bench measure boxes, not the text people see.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

/** The switches of every Chromium launched here: Playwright's, and the Lighthouse stage's through chrome-launcher. */
export const CHROMIUM_SWITCHES = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Chromium's omnibox popup, a WebUI page in a renderer of its own that every new window (each
 * context's first page) loads ahead of a keystroke nobody makes headless: 0.4 s of CPU per context
 * here, four times what a small page itself costs, and the browser suite opens hundreds.
 */
const UNUSED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * What playwright-core (package-lock.json's version) turns off with its own `--disable-features`.
 * Chromium keeps only the last of that switch, so ours must name these too; e2e/chromium.test.ts
 * compares the list with the one a plain Playwright launch passes, and fails when an update adds one.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/** The arguments of a Chromium launched through Playwright (the browser suite, the bench, the screenshots). */
export const CHROMIUM_ARGS = [
  ...CHROMIUM_SWITCHES,
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_FEATURES].join(',')}`,
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
