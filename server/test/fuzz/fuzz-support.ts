/**
 * Shared parts of the fuzz suite: how many cases (FUZZ_RUNS, default 100 per property in the test
 * suite, where every run draws a new seed so the cases differ from run to run; `npm run fuzz` runs
 * 10,000; FUZZ_SEED replays a reported failure), the app on PGlite with the member fixture and a rich member, and the
 * one property every answer must have: HTTP 200, text/plain, an encrypted envelope that decrypts to
 * a known numeric code and a string msg, and never code 1 (an unexpected error inside).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type fc from 'fast-check';
import { expect } from 'vitest';
import { Code } from '../../../contract/protocol/codes.ts';
import { newRequestId } from '../../../contract/protocol/ids.ts';
import { signOf } from '../../../contract/protocol/wrapper.ts';
import type { Cipher } from '../../../contract/protocol/cipher.ts';
import type { DbKind } from '../../db/db.ts';
import { DEMO_SITE } from '../../db/sites.ts';
import { createHarness, type Harness } from '../harness.ts';
import { grant, seedMember } from '../member-fixture.ts';

export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 100);

/** fast-check parameters: FUZZ_RUNS cases, and FUZZ_SEED to replay a run. */
export const fuzzParameters = (): fc.Parameters<unknown> => ({
  numRuns: FUZZ_RUNS,
  ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}),
});

/**
 * A guard against a hung property, not a speed bar: a case takes ~1.5 ms of CPU (~40 ms for the
 * password calls), the budget is 100 ms a case for a loaded machine.
 */
export const fuzzTimeout = (): number => 60_000 + FUZZ_RUNS * 100;

export interface FuzzApp {
  h: Harness;
  /** A member with plenty of coins and points, so purchases and exchanges go through. */
  token: string;
  close(): Promise<void>;
}

export async function openFuzzApp(kind: DbKind = 'pglite'): Promise<FuzzApp> {
  const uploadDir = mkdtempSync(join(tmpdir(), 'fuzz-uploads-'));
  const h = await createHarness(kind, { seed: seedMember, config: { UPLOAD_DIR: uploadDir } });
  const member = await h.client.registerGuest();
  await grant(h.db, member.info.id, { coins: 1_000_000, points: 1_000_000 });
  return {
    h,
    token: member.token,
    async close() {
      await h.close();
      rmSync(uploadDir, { recursive: true, force: true });
    },
  };
}

const CODES = new Set<number>(Object.values(Code));

export interface Answer {
  status: number;
  contentType: string;
  envelope: { code: unknown; msg: unknown };
}

/** The property of every answer (HTTP 200, or 413 for a body over the limit); `what` names the request in the failure. */
export function expectEnvelope(answer: Answer, what: string): void {
  const { code, msg } = answer.envelope;
  if (answer.status === 413) expect(msg, what).toMatch(/请求体过大/);
  else expect(answer.status, what).toBe(200);
  expect(answer.contentType, what).toMatch(/^text\/plain/);
  expect(typeof code === 'number' && CODES.has(code), `${what}: code ${String(code)}`).toBe(true);
  expect(typeof msg, what).toBe('string');
  expect(code, `${what}: ${String(msg)}`).not.toBe(Code.SystemError);
}

/** The signed wrapper's JSON around a body text as it is (encrypted first for the encrypted calls). */
export function signedBody(cipher: Cipher, text: string, encrypt: boolean): string {
  const body = encrypt ? cipher.encryptHex(text) : text;
  const requestId = newRequestId();
  const time = Date.now();
  const appId = DEMO_SITE.appId;
  return JSON.stringify({ requestId, appId, time, sign: signOf(cipher, body, appId, requestId, time), body });
}
