/**
 * The fuzzing of every call: every call of ALL_CALLS, FUZZ_RUNS payloads each (valid-ish, broken and
 * hostile; see payload-arbitraries.ts), signed and sent as the client would, with the member's
 * token, none or a forged one. Every answer is a well-formed envelope, never code 1 or a 5xx; the
 * ledgers still balance at the end. The test files calls-*.fuzz.test.ts each run a share of the calls.
 */
import fc from 'fast-check';
import { z } from 'zod';
import { Code } from '../../../contract/protocol/codes.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CALLS } from '../../app.ts';
import type { DbKind } from '../../db/db.ts';
import type { Call } from '../../protocol/define-call.ts';
import { communityCounterMismatches, replyLikeOffsets } from '../community-counters.ts';
import { assertLedgersBalanced } from '../member-fixture.ts';
import type { FormPart } from '../test-client.ts';
import {
  expectEnvelope,
  FUZZ_RUNS,
  fuzzParameters,
  fuzzTimeout,
  openFuzzApp,
  signedBody,
  type FuzzApp,
} from './fuzz-support.ts';
import { payloadOf, payloadTextOf, SCHEMA_OPTIONS, validish } from './payload-arbitraries.ts';

/** An envelope without the points mall's `replayed` flag, which only a repeat's answer carries. */
const withoutReplayed = ({ data, ...rest }: { data?: unknown }) => ({
  ...rest,
  data: data && typeof data === 'object' ? { ...data, replayed: undefined } : data,
});

/** The multipart parts of a payload: its fields as text, a file part for `file`. */
function partsOf(payload: unknown, file: Uint8Array): FormPart[] {
  if (payload === null || typeof payload !== 'object') return [{ name: 'value', data: JSON.stringify(payload) }];
  return Object.entries(payload).map(([name, value]) =>
    name === 'file'
      ? { name, filename: 'a.png', contentType: 'image/png', data: Buffer.from(file) }
      : { name, data: typeof value === 'string' ? value : JSON.stringify(value) },
  );
}

export interface FuzzScope {
  /** The store (default PGlite). */
  kind?: DbKind;
  /** Only the calls whose path passes. */
  only?: (path: string) => boolean;
}

/**
 * Fuzzes the calls of ALL_CALLS whose index is `shard` modulo `shards`: the suite runs in a few test
 * files so that the slow part spreads over the test workers. At the end the ledgers balance and the
 * community's counters agree with their rows: nothing was half-written.
 */
export function describeCallFuzz(shard: number, shards: number, { kind = 'pglite', only }: FuzzScope = {}): void {
  const calls = ALL_CALLS.filter((call) => !only || only(call.path)).filter((_, index) => index % shards === shard);
  describe(`fuzzing the payloads of ${calls.length} calls on ${kind} (part ${shard + 1} of ${shards})`, () => {
    let fuzz: FuzzApp;
    let likeOffsets: Map<number, number>;
    beforeAll(async () => {
      fuzz = await openFuzzApp(kind);
      likeOffsets = await replyLikeOffsets(fuzz.h.db);
    });
    afterAll(async () => {
      if (fuzz) {
        await assertLedgersBalanced(fuzz.h.db);
        expect(await communityCounterMismatches(fuzz.h.db, likeOffsets)).toEqual([]);
      }
      await fuzz?.close();
    });

    /** Multipart for the upload calls, the text as it is for unsigned ones, else signed (and encrypted). */
    const send = (call: Call, payload: unknown, token: string | undefined, file: Uint8Array) => {
      const { client } = fuzz.h;
      if (call.upload) return client.postMultipart(call.path, partsOf(payload, file), { token });
      const text = payload as string;
      return client.post(call.path, call.signed ? signedBody(client.cipher, text, call.encrypted) : text, { token });
    };

    it.each(calls.map((call) => [call.path, call] as const))('%s', { timeout: fuzzTimeout() }, async (path, call) => {
      const token = fc.oneof(
        { weight: 8, arbitrary: fc.constant(fuzz.token) },
        fc.constant(undefined),
        fc.string({ maxLength: 60 }),
      );
      const file = fc.uint8Array({ maxLength: 2_048 });
      await fc.assert(
        fc.asyncProperty(
          call.upload ? payloadOf(call.schema) : payloadTextOf(call.schema),
          token,
          file,
          async (payload, t, bytes) => {
            expectEnvelope(await send(call, payload, t, bytes), path);
          },
        ),
        fuzzParameters(),
      );
    });

    // A call that takes an idempotency key answers a repeat of a payload carrying one with its first
    // answer (an offline retry whose answer was lost), whatever the payload; the points mall's says
    // `replayed: true` besides (docs/api.md).
    const keyed = calls.filter(
      (call) =>
        !call.upload && JSON.stringify(z.toJSONSchema(call.schema, SCHEMA_OPTIONS)).includes('"idempotencyKey"'),
    );
    it.each(keyed.map((call) => [call.path, call] as const))(
      '%s: a repeat gets the first answer',
      { timeout: fuzzTimeout() },
      async (path, call) => {
        await fc.assert(
          fc.asyncProperty(validish(call.schema), async (payload) => {
            if ((payload as { idempotencyKey?: unknown } | null)?.idempotencyKey === undefined) return;
            const text = JSON.stringify(payload);
            const first = await send(call, text, fuzz.token, new Uint8Array());
            expectEnvelope(first, path);
            if (first.envelope.code !== Code.Ok) return;
            const again = await send(call, text, fuzz.token, new Uint8Array());
            expect(withoutReplayed(again.envelope), `${path} repeated`).toEqual(withoutReplayed(first.envelope));
          }),
          { ...fuzzParameters(), numRuns: Math.max(10, Math.round(FUZZ_RUNS / 5)) },
        );
      },
    );
  });
}
