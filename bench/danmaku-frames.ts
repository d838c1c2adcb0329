/**
 * Danmaku frame rate: a movie gets DENSITY_PER_S danmaku per second of its video through
 * /danmaku/send (so about 200 are on screen at once: each scroll one crosses in 8 s), a desktop
 * Chromium plays it with the density at 多, and for MEASURE_S seconds of playback the figures are
 * read that the danmaku layer writes once a second (its frames, the ones that came late, its
 * drawing time per frame, how many are drawn) beside the page's own animation frames (the main
 * thread, which the layer's worker leaves free). Budget: 60 frames per second (a frame every
 * 16.7 ms), at most 5 % of them dropped (later than 25 ms). Measured here, never asserted in a test.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { API } from '../contract/calls/paths.ts';
import { DANMAKU_COLOURS, type DanmakuMode } from '../contract/enums.ts';
import { newDeviceId } from '../contract/protocol/ids.ts';
import { callApi } from './bench-api.ts';
import { launchChromium } from './chromium.ts';
import { median, type Figure } from './figures.ts';

/** 8 s × 4/5 scroll + 4 s × 1/5 fixed: about 200 on screen at once. */
const DENSITY_PER_S = 28;
const FROM_S = 1;
const TO_S = 20;
const START_S = 9;
const MEASURE_S = 8;
const SEND_CONCURRENCY = 8;
const WORDS = ['前方高能', '哈哈哈哈', '名场面', '泪目', '这画面绝了', '打卡', '来了来了', '好看', 'awsl', '233333'];

interface LayerSecond {
  fps: number;
  frames: number;
  slow: number;
  drawMs: number;
  drawn: number;
}

async function sendDanmaku(baseURL: string, movieId: number): Promise<number> {
  const { token } = await callApi(baseURL, API.registerDevice, { deviceId: newDeviceId(), deviceType: 3 });
  const count = (TO_S - FROM_S) * DENSITY_PER_S;
  const jobs = Array.from({ length: count }, (_, n) => () => {
    const mode: DanmakuMode = n % 10 === 3 ? 'top' : n % 10 === 7 ? 'bottom' : 'scroll';
    return callApi(
      baseURL,
      API.danmakuSend,
      {
        movieId,
        atMs: Math.round(FROM_S * 1_000 + (n * 1_000) / DENSITY_PER_S),
        text: `${WORDS[n % WORDS.length]} ${'!'.repeat(n % 4)}#${n}`,
        mode,
        colour: DANMAKU_COLOURS[n % DANMAKU_COLOURS.length]!,
        idempotencyKey: `bench-danmaku-${movieId}-${n}-${Date.now()}`,
      },
      token,
    );
  });
  let next = 0;
  await Promise.all(
    Array.from({ length: SEND_CONCURRENCY }, async () => {
      while (next < jobs.length) await jobs[next++]!();
    }),
  );
  return count;
}

/**
 * Page-side: counts the main thread's animation frames and the late ones, into window.__mainFrames.
 * A string: tsx would wrap a named inner function of a function passed to evaluate in its __name helper.
 */
const COUNT_MAIN_FRAMES = `(() => {
  const marks = { frames: 0, slow: 0, since: performance.now() };
  window.__mainFrames = marks;
  let previous = 0;
  const tick = (now) => {
    if (previous) {
      marks.frames++;
      if (now - previous > 25) marks.slow++;
    }
    previous = now;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`;

async function readLayer(page: Page): Promise<LayerSecond & { stamp: string }> {
  return page.locator('[data-testid=danmaku-overlay]').evaluate((element: HTMLElement) => ({
    stamp: `${element.dataset.frames}/${element.dataset.drawMs}/${element.dataset.slowFrames}`,
    fps: Number(element.dataset.fps),
    frames: Number(element.dataset.frames),
    slow: Number(element.dataset.slowFrames),
    drawMs: Number(element.dataset.drawMs),
    drawn: Number(element.dataset.drawn),
  }));
}

/** A desktop page playing a free demo movie's player with danmaku sent over it at the density 多. */
export interface DanmakuPlayback {
  page: Page;
  video: Locator;
  /** How many danmaku were sent, from FROM_S to TO_S of the video. */
  sent: number;
  /** The size of the page, for the figures' notes. */
  size: string;
}

/**
 * Sends the danmaku to the newest free movie and opens its play page in `browser` (a desktop page,
 * 1366×900), paused at the start with the density at 多. Also used by the player stage
 * (bench/player-playback.ts) for its dropped video frames.
 */
export async function openDanmakuPlayback(baseURL: string, browser: Browser): Promise<DanmakuPlayback> {
  const movie = (await callApi(baseURL, API.moviePage, { page: 1, pageSize: 1, sort: 'new', access: 'free' })).list[0];
  if (!movie) throw new Error('the demo data has no free movie');
  const sent = await sendDanmaku(baseURL, movie.id);
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'zh-CN' });
  const page = await context.newPage();
  await page.goto(`${baseURL}/movie/play/${movie.id}`);
  const video = page.locator('[data-testid=player]');
  await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1, null, {
    timeout: 30_000,
  });
  // The viewer's session is in (the settings are kept per user), then the density 多.
  await page.waitForSelector('[data-testid=danmaku-input]:not([disabled])', { timeout: 30_000 });
  await page.locator('[data-testid=danmaku-settings-button]').click();
  await page.locator('[data-testid=danmaku-settings] [role=radio]', { hasText: '多' }).click();
  await page.locator('.danmaku-panel__close').click();
  return { page, video, sent, size: '1366×900' };
}

export async function measureDanmakuFrames(baseURL: string): Promise<Figure[]> {
  const browser = await launchChromium();
  try {
    const { page, video, sent, size } = await openDanmakuPlayback(baseURL, browser);
    await video.evaluate((element: HTMLVideoElement, at) => (element.currentTime = at), START_S);
    await page.locator('[data-testid=play-toggle]').click();
    await page.waitForFunction((at) => (document.querySelector('video')?.currentTime ?? 0) > at, START_S + 2);
    await page.evaluate(COUNT_MAIN_FRAMES);

    const seconds: LayerSecond[] = [];
    let stamp = '';
    const until = Date.now() + MEASURE_S * 1_000;
    while (Date.now() < until) {
      await page.waitForTimeout(250);
      const second = await readLayer(page);
      if (second.stamp !== stamp && second.frames > 0) seconds.push(second);
      stamp = second.stamp;
    }
    const main = await page.evaluate(() => {
      const { frames, slow, since } = (
        window as unknown as { __mainFrames: { frames: number; slow: number; since: number } }
      ).__mainFrames;
      return { frames, slow, seconds: (performance.now() - since) / 1_000 };
    });
    const renderer = await page.locator('[data-testid=danmaku-overlay]').getAttribute('data-renderer');
    const playedTo = await video.evaluate((element: HTMLVideoElement) => element.currentTime);
    const frames = seconds.reduce((sum, s) => sum + s.frames, 0);
    const slow = seconds.reduce((sum, s) => sum + s.slow, 0);
    const layerSeconds = seconds.reduce((sum, s) => sum + s.frames / s.fps, 0);
    const onScreen = seconds.length ? median(seconds.map((s) => s.drawn)) : 0;
    const note = `${renderer ?? '?'} renderer, ${onScreen} on screen (median), ${sent} sent, ${size}, played to ${playedTo.toFixed(1)} s`;
    return [
      {
        group: 'danmaku',
        name: 'layer frames per second',
        value: layerSeconds ? frames / layerSeconds : null,
        unit: 'fps',
        // 60 at the display's rate, less the dropped frames the next figure allows.
        budget: { min: 57 },
        note: `${note}, ${seconds.length} one-second reports`,
      },
      {
        group: 'danmaku',
        name: 'layer dropped-frame share',
        value: frames ? (slow / frames) * 100 : null,
        unit: '%',
        budget: { max: 5 },
        note: `${slow} of ${frames} frames later than 25 ms`,
      },
      {
        group: 'danmaku',
        name: 'layer draw time per frame',
        value: seconds.length ? median(seconds.map((s) => s.drawMs)) : null,
        unit: 'ms',
        note: 'median of the one-second means (lay out, copy sprites)',
      },
      {
        group: 'danmaku',
        name: 'main thread frames per second',
        value: main.seconds ? main.frames / main.seconds : null,
        unit: 'fps',
        note: `${main.slow} of ${main.frames} frames later than 25 ms, while the layer ran`,
      },
    ];
  } finally {
    await browser.close();
  }
}
