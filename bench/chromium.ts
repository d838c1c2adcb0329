/** Chromium for the bench's own browser work (warm start, protocol cost), through playwright-core. */
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium, requireCjkFonts } from '../e2e/chromium.ts';

/** A phone as the e2e suite emulates it (docs/architecture.md: a mobile site first). */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'zh-CN',
};

export function launchChromium(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('no Chromium: set CHROMIUM_PATH or install Debian’s chromium');
  requireCjkFonts('The bench');
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
}
