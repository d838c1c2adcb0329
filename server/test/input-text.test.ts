/**
 * Text no input may carry: U+0000 (PostgreSQL's text cannot hold it) and lone UTF-16 surrogates (not
 * Unicode), anywhere, and control characters in single-line values (query parameters, path
 * segments, names). Every /admin-api route, read from the app's own route table, answers a 400
 * naming the field for each place input comes in (query, path, JSON body; sign-in too), and every
 * /api call code 2 naming the field; never a 5xx nor a system error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminError } from '../../contract/admin/session.ts';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { ALL_CALLS } from '../app.ts';
import { signInOperator, type SignedInOperator } from './admin-fixture.ts';
import { paramsOf, routesOf, withParams } from './app-routes.ts';
import { seedContent } from './content-fixture.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';

const NUL = 'a\u0000b';
const LONE = 'a\ud800b';

describe.each(DB_KINDS)('text no input may carry on %s', (kind) => {
  let h: Harness;
  let op: SignedInOperator;
  beforeAll(async () => {
    h = await createHarness(kind, { seed: seedContent });
    op = await signInOperator(h);
  });
  afterAll(() => h?.close());

  describe('/admin-api', () => {
    const refused = async (res: { statusCode: number; json: () => unknown }, field: string, what: string) => {
      expect(res.statusCode, what).toBe(400);
      const body = res.json() as AdminError;
      expect(body.field, what).toBe(field);
      // What is wrong, said; the field by its key (the input check) or its label (标签名…: a schema's own).
      expect(body.message, what).toMatch(/不能包含空字符|无法保存的字符|不能包含换行或控制字符/);
    };

    it('reads the console’s routes from the app', () => {
      const routes = routesOf(h.app, '/admin-api/');
      expect(routes.length).toBeGreaterThan(60);
      expect(routes).toContainEqual({ method: 'POST', path: '/admin-api/session' });
      expect(routes).toContainEqual({ method: 'PATCH', path: '/admin-api/moderation/words/:word' });
    });

    it('refuses U+0000 in a query, a path parameter or a JSON body of every route, naming the field', async () => {
      for (const { method, path } of routesOf(h.app, '/admin-api/')) {
        const url = withParams(path, () => '1');
        const what = `${method} ${path}`;
        await refused(await op.call(method, `${url}?q=${encodeURIComponent(NUL)}`), 'q', `${what} ?q`);
        for (const name of paramsOf(path)) {
          const bad = withParams(path, (other) => (other === name ? encodeURIComponent(NUL) : '1'));
          await refused(await op.call(method, bad), name, `${what} :${name}`);
        }
        if (method !== 'GET' && method !== 'DELETE') {
          await refused(await op.call(method, url, { probe: NUL }), 'probe', `${what} body`);
          await refused(await op.call(method, url, { list: [{ deep: LONE }] }), 'list', `${what} body, lone surrogate`);
        }
      }
    });

    it('refuses it in the fields the console really sends, sign-in included, before any query runs', async () => {
      const signIn = await h.app.inject({
        method: 'POST',
        url: '/admin-api/session',
        payload: { username: NUL, password: 'x', totp: '123456' },
      });
      await refused(signIn, 'username', 'sign-in');
      for (const path of [
        '/admin-api/users',
        '/admin-api/movies',
        '/admin-api/audit',
        '/admin-api/taxonomy/tags',
        '/admin-api/taxonomy/content',
        '/admin-api/moderation/words',
      ])
        await refused(await op.call('GET', `${path}?q=${encodeURIComponent(NUL)}`), 'q', path);
      await refused(
        await op.call('POST', '/admin-api/moderation/words', { word: NUL, action: 'refuse' }),
        'word',
        'word',
      );
      await refused(await op.call('POST', '/admin-api/taxonomy/tags', { name: NUL }), 'name', 'tag');
      await refused(await op.call('POST', '/admin-api/taxonomy/hot-words', { siteId: 1, word: NUL }), 'word', 'hot');
      await refused(await op.call('PATCH', `/admin-api/moderation/words/${encodeURIComponent(NUL)}`), 'word', ':word');
    });

    it('answers a path parameter past the router’s length with the console’s error body, not the URL echoed', async () => {
      const res = await op.call('GET', `/admin-api/movies/${encodeURIComponent('😀'.repeat(200))}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: '请求地址无效：路径参数过长或无法解码' });
    });

    it('refuses line breaks and control characters in single-line values: a query, a name, a username', async () => {
      await refused(await op.call('GET', `/admin-api/taxonomy/tags?q=${encodeURIComponent('a\nb')}`), 'q', 'query');
      await refused(await op.call('POST', '/admin-api/taxonomy/tags', { name: 'a\tb' }), 'name', 'tag');
      await refused(
        await op.call('POST', '/admin-api/taxonomy/hot-words', { siteId: 1, word: 'a\u001bb' }),
        'word',
        'hot',
      );
      await refused(
        await op.call('POST', '/admin-api/moderation/words', { word: 'a\rb', action: 'mask' }),
        'word',
        'word',
      );
      const signIn = await h.app.inject({
        method: 'POST',
        url: '/admin-api/session',
        payload: { username: 'admin\n', password: 'x', totp: '123456' },
      });
      expect(signIn.statusCode).toBe(401);
      const inside = await h.app.inject({
        method: 'POST',
        url: '/admin-api/session',
        payload: { username: 'ad\u0007min', password: 'x', totp: '123456' },
      });
      await refused(inside, 'username', 'sign-in');
    });
  });

  describe('/api', () => {
    let token: string;
    beforeAll(async () => {
      token = (await h.client.registerGuest()).token;
    });

    /** The call with `payload`, as its path is sent: signed (encrypted where the path says), plain JSON or multipart. */
    async function send(path: string, payload: Record<string, string>) {
      const call = ALL_CALLS.find((candidate) => candidate.path === path)!;
      if (call.upload)
        return h.client.postMultipart(
          path,
          Object.entries(payload).map(([name, data]) => ({ name, data })),
          { token },
        );
      if (!call.signed) return h.client.post(path, JSON.stringify(payload), { token });
      return h.client.call(path, payload, { token });
    }

    it('answers code 2 naming the field for U+0000 or a lone surrogate in the payload of every call', async () => {
      expect(ALL_CALLS.map((call) => call.path)).toContain(API.replyCreate);
      for (const call of ALL_CALLS) {
        const nul = await send(call.path, { probe: NUL });
        expect(nul.status, call.path).toBe(200);
        expect(nul.envelope, call.path).toMatchObject({
          code: Code.InvalidParams,
          msg: expect.stringContaining('probe'),
        });
        if (call.upload) continue; // multipart text is UTF-8 on the wire: it cannot hold a lone surrogate
        const lone = await send(call.path, { probe: LONE });
        expect(lone.envelope, call.path).toMatchObject({
          code: Code.InvalidParams,
          msg: '参数错误：probe 含有无法保存的字符',
        });
      }
    });

    it('gives no 5xx for U+0000 in the query of its plain GET routes', async () => {
      for (const { method, path } of routesOf(h.app, '/api/').filter((route) => route.method === 'GET')) {
        const res = await h.app.inject({ method, url: `${path}?icons=${encodeURIComponent(NUL)}&q=%00` });
        expect(res.statusCode, path).toBeLessThan(500);
      }
    });
  });
});
