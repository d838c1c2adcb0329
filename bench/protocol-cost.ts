/**
 * Client protocol cost: decrypt and parse of a real 50-item movie page in Chromium, with the app's
 * crypto-js cipher (in one piece, and in slices as the API client does it) beside the same work
 * with WebCrypto (bench/browser/protocol-probe.ts, bundled
 * here with Vite), at full speed and with Lighthouse's mobile 4x CPU slowdown.
 */
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { build, type Rolldown } from 'vite';
import { API } from '../contract/calls/paths.ts';
import { callHeaders, signedBody } from './bench-api.ts';
import { launchChromium } from './chromium.ts';
import type { Figure } from './figures.ts';

const ITERATIONS = 40;
const PROBE = fileURLToPath(new URL('./browser/protocol-probe.ts', import.meta.url));

interface ProbeResult {
  cryptoJsMs: number;
  slicedMs: number;
  webCryptoMs: number;
  items: number;
}

/** The probe as one script that defines `protocolProbe` on the page. */
async function bundleProbe(): Promise<string> {
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    build: { write: false, minify: true, lib: { entry: PROBE, formats: ['iife'], name: 'protocolProbe' } },
  })) as Rolldown.RolldownOutput[];
  const chunk = output[0]?.output.find((file) => file.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error('the protocol probe did not bundle');
  return chunk.code;
}

const runProbe = (page: Page, answer: string): Promise<ProbeResult> =>
  page.evaluate(
    ([text, iterations]) =>
      (
        globalThis as unknown as { protocolProbe: { measure(a: string, n: number): Promise<ProbeResult> } }
      ).protocolProbe.measure(text, iterations),
    [answer, ITERATIONS] as const,
  );

export async function measureProtocolCost(baseURL: string): Promise<Figure[]> {
  const response = await fetch(`${baseURL}/api${API.moviePage}`, {
    method: 'POST',
    headers: callHeaders(),
    body: signedBody({ page: 1, pageSize: 50 }),
  });
  const answer = await response.text();
  const script = await bundleProbe();
  const browser = await launchChromium();
  try {
    const page = await (await browser.newContext({ bypassCSP: true })).newPage(); // the probe is an inline script
    await page.goto(`${baseURL}/robots.txt`); // a secure context (WebCrypto) on the app's origin
    await page.addScriptTag({ content: script });
    const full = await runProbe(page, answer);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const slow = await runProbe(page, answer);
    const group = 'client protocol';
    const what = `${full.items} items, ${(answer.length / 1024).toFixed(0)} KiB base64`;
    return [
      {
        group,
        name: 'decrypt + parse, crypto-js',
        value: full.cryptoJsMs,
        unit: 'ms',
        note: `${what}; 4x CPU: ${slow.cryptoJsMs.toFixed(1)} ms`,
      },
      {
        group,
        name: 'decrypt + parse, crypto-js in slices (the app)',
        value: full.slicedMs,
        unit: 'ms',
        note: `3 KiB per task; 4x CPU: ${slow.slicedMs.toFixed(1)} ms`,
      },
      {
        group,
        name: 'decrypt + parse, WebCrypto',
        value: full.webCryptoMs,
        unit: 'ms',
        note: `4x CPU: ${slow.webCryptoMs.toFixed(1)} ms`,
      },
    ];
  } finally {
    await browser.close();
  }
}
