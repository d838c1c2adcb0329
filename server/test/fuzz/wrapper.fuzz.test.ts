/**
 * The fuzzing of the wrapper, the raw side: whatever arrives at /api — bytes that are not UTF-8, broken
 * or deeply nested JSON, wrappers with missing or wrongly typed fields and huge numbers, bodies
 * around and far over the size limit, odd content types, unknown sites and paths, bad ciphertext
 * for the encrypted calls — the answer is a well-formed envelope, never code 1 or a 5xx.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { API } from '../../../contract/calls/paths.ts';
import { DEMO_SITE } from '../../db/sites.ts';
import { ALL_CALLS } from '../../app.ts';
import { createHarness, type Harness } from '../harness.ts';
import { expectEnvelope, fuzzParameters, fuzzTimeout, signedBody } from './fuzz-support.ts';
import { deepJsonText, hostile } from './payload-arbitraries.ts';

const BODY_LIMIT = 16 * 1024;

const path = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...ALL_CALLS.map((call) => call.path)) },
  fc.constantFrom('/', '/no/such/call', '/login', '/a/%2e%2e/b', '/%ZZ'),
);
const accountId = fc.oneof(
  { weight: 6, arbitrary: fc.constant<string | null>(DEMO_SITE.accountId) },
  fc.constant(null),
  fc.string({ maxLength: 40 }),
);
const contentType = fc.constantFrom<string | null>(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  null,
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'not a media type',
  'application/json; charset=latin1',
);
const token = fc.option(fc.string({ maxLength: 60 }), { freq: 2 });

/** Odd JSON number and value texts, spliced into otherwise plausible wrappers. */
const numberText = fc.constantFrom(
  '1e400',
  '-1e400',
  '123456789012345678901234567890',
  '-0',
  '0.0000001',
  '9007199254740993',
  '1E2',
  'NaN',
  'Infinity',
  '0x10',
  '01',
);

/** A wrapper with each field valid, hostile, missing or an odd number, around a real or odd body. */
const wrapperText = fc
  .record(
    {
      requestId: fc.oneof(fc.stringMatching(/^[A-Za-z0-9]{32}$/), hostile),
      appId: fc.oneof(fc.constant(DEMO_SITE.appId), hostile),
      time: fc.oneof(fc.constant(Date.now()), fc.integer(), hostile),
      sign: fc.oneof(fc.stringMatching(/^[0-9a-f]{32}$/), hostile),
      body: fc.oneof(fc.constant('{}'), fc.string({ maxLength: 200 }), hostile),
    },
    { requiredKeys: [] },
  )
  .chain((wrapper) =>
    fc.oneof(
      fc.constant(JSON.stringify(wrapper)),
      numberText.map((n) => JSON.stringify({ ...wrapper, time: 0 }).replace('"time":0', `"time":${n}`)),
    ),
  );

/** Raw bodies: bytes, broken JSON, nesting, odd wrappers, sizes around the limit. */
const rawBody: fc.Arbitrary<string | Buffer> = fc.oneof(
  fc.uint8Array({ maxLength: 4_096 }).map((bytes) => Buffer.from(bytes)),
  fc.string({ unit: 'binary', maxLength: 2_000 }),
  fc.string({ maxLength: 300 }).map((text) => `{"requestId":${text}`),
  hostile.map((value) => JSON.stringify(value)),
  deepJsonText,
  wrapperText,
  fc.integer({ min: BODY_LIMIT - 64, max: BODY_LIMIT * 4 }).map((size) => 'x'.repeat(size)),
  fc.constantFrom('', ' ', 'null', '[]', '{}', '"', '{"body":', '\uFEFF{}', '\u0000'),
);

describe('fuzzing the raw requests under the protocol', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness('pglite', { config: { BODY_LIMIT } });
  });
  afterAll(() => h?.close());

  it('answers any body, content type, site and path with an envelope', { timeout: fuzzTimeout() }, async () => {
    await fc.assert(
      fc.asyncProperty(path, rawBody, contentType, accountId, token, async (p, body, type, account, t) => {
        expectEnvelope(
          await h.client.post(p, body, { contentType: type, accountId: account, token: t ?? undefined }),
          p,
        );
      }),
      fuzzParameters(),
    );
  });

  it(
    'answers signed wrappers whose body is not JSON, or for the encrypted calls not our ciphertext',
    { timeout: fuzzTimeout() },
    async () => {
      const bodyText = fc.oneof(
        fc.string({ unit: 'binary', maxLength: 500 }),
        fc.stringMatching(/^[0-9a-f]{0,96}$/),
        fc.constantFrom('', '00', 'zz', '0'.repeat(32)),
      );
      const target = fc.constantFrom(API.loginAccount, API.bindAccount, API.registerDevice, API.moviePage);
      await fc.assert(
        fc.asyncProperty(target, bodyText, fc.boolean(), async (p, text, encrypt) => {
          expectEnvelope(await h.client.post(p, signedBody(h.client.cipher, text, encrypt)), p);
        }),
        fuzzParameters(),
      );
    },
  );
});
