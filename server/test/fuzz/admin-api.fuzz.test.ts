/**
 * Every route of the operator console's API (read from the app itself), signed in as a super
 * operator, with hostile text in its query and path parameters and a hostile JSON body: every answer
 * is a 2xx or a 4xx, and a 4xx carries the console's error body (a message, and the field when one
 * is at fault). Never a 5xx: NUL, lone surrogates, control characters, replacement patterns, huge
 * numbers and prototype keys all end in a clear refusal or a harmless success.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInOperator, type SignedInOperator } from '../admin-fixture.ts';
import { paramsOf, routesOf, withParams, type Route } from '../app-routes.ts';
import { seedContent } from '../content-fixture.ts';
import { createHarness, type Harness } from '../harness.ts';
import { FUZZ_RUNS, fuzzParameters, fuzzTimeout } from './fuzz-support.ts';
import { hostile, hostileText } from './payload-arbitraries.ts';

/** Percent-encodes UTF-8 (a lone surrogate as U+FFFD, as a browser would send it). */
const encoded = (text: string): string =>
  [...new TextEncoder().encode(text)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

/** The route that would end the fuzzing operator's own session (its refusals are tested elsewhere). */
const endsSession = ({ method, path }: Route) => method === 'DELETE' && path === '/admin-api/session';

describe('fuzzing every /admin-api route', () => {
  let h: Harness;
  let op: SignedInOperator;
  let routes: Route[] = [];
  beforeAll(async () => {
    h = await createHarness('pglite', { seed: seedContent });
    op = await signInOperator(h);
    routes = routesOf(h.app, '/admin-api/').filter((route) => !endsSession(route));
  });
  afterAll(() => h?.close());

  it(
    'answers hostile queries, path parameters and bodies with a 2xx or a clear 4xx',
    { timeout: fuzzTimeout() * 4 },
    async () => {
      expect(routes.length).toBeGreaterThan(60);
      const query = fc.array(
        fc.tuple(fc.constantFrom('q', 'page', 'pageSize', 'siteId', 'from', 'to', 'kind'), hostileText),
        {
          maxLength: 3,
        },
      );
      for (const route of routes) {
        const what = `${route.method} ${route.path}`;
        await fc.assert(
          fc.asyncProperty(
            query,
            fc.array(hostileText, { minLength: 3, maxLength: 3 }),
            hostile,
            async (pairs, segments, body) => {
              const names = paramsOf(route.path);
              const url = withParams(route.path, (name) => encoded(segments[names.indexOf(name) % 3] || '1'));
              const search = pairs.map(([key, value]) => `${key}=${encoded(value)}`).join('&');
              const withBody = route.method !== 'GET' && route.method !== 'DELETE';
              const res = await op.call(route.method, search ? `${url}?${search}` : url, withBody ? body : undefined);
              expect(res.statusCode, `${what}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
              if (res.statusCode >= 400) {
                const error = res.json() as { message?: unknown };
                expect(typeof error.message, `${what}: ${res.body.slice(0, 200)}`).toBe('string');
              }
            },
          ),
          { ...fuzzParameters(), numRuns: Math.max(5, Math.round(FUZZ_RUNS / 10)) },
        );
      }
    },
  );
});
