/**
 * The first screen's head start (server/first-screen.ts): a first visit's HTML names the screen's
 * chunks and styles from the build manifest and carries the answers of its first public reads,
 * encrypted as /api answers them; other pages get the plain shell.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_ANSWER_ID, type FirstAnswer } from '../../src/api/first-answer-format.ts';
import { API } from '../../src/api/paths.ts';
import { Code } from '../../src/protocol/codes.ts';
import { answerBlock } from '../first-screen.ts';
import { dataOf, seedContent } from './content-fixture.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';

const INDEX = '<!doctype html>\n<html>\n  <head>\n    <script type="module" src="/assets/index-e1.js"></script>\n  </head>\n  <body><div id="root"></div></body>\n</html>';

/** What Vite's build manifest says of the entry, home (with the shared content chunk) and a movie. */
const MANIFEST = {
  'index.html': { file: 'assets/index-e1.js', isEntry: true, dynamicImports: ['src/routes/home.tsx'] },
  'src/routes/home.tsx': { file: 'assets/home-h1.js', imports: ['index.html', '_content-c1.js'], css: ['assets/home-h1.css'] },
  '_content-c1.js': { file: 'assets/content-c1.js', imports: ['index.html'], css: ['assets/content-c1.css'] },
  'src/routes/movie-detail.tsx': { file: 'assets/movie-detail-m1.js', imports: ['index.html', '_content-c1.js'] },
};

function fakeBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'station-first-screen-'));
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  return dir;
}

const answersIn = (html: string): FirstAnswer[] => {
  const block = new RegExp(`<script type="application/json" id="${FIRST_ANSWER_ID}">(.*?)</script>`).exec(html);
  return block ? (JSON.parse(block[1]!) as FirstAnswer[]) : [];
};

describe.each(DB_KINDS)('the first screen head start on %s', (kind) => {
  let h: Harness;
  let dir: string;
  beforeAll(async () => {
    dir = fakeBuild();
    h = await createHarness(kind, { seed: seedContent, config: { STATIC_DIR: dir } });
  });
  afterAll(async () => {
    await h?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const page = (url: string) => h.app.inject({ method: 'GET', url });

  it('home: preloads its chunk, the content chunk and their styles, not the entry', async () => {
    const res = await page('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/home-h1.js" />');
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/content-c1.js" />');
    expect(res.body).toContain('<link rel="preload" as="style" crossorigin href="/assets/home-h1.css" />');
    expect(res.body).toContain('<link rel="preload" as="style" crossorigin href="/assets/content-c1.css" />');
    expect(res.body).not.toContain('modulepreload crossorigin href="/assets/index-e1.js"');
    expect(res.body.indexOf(FIRST_ANSWER_ID)).toBeLessThan(res.body.indexOf('</head>'));
  });

  it('home: carries the answers of the app-wide lists and of home, the same data as the calls', async () => {
    const answers = answersIn((await page('/')).body);
    expect(answers.map((answer) => answer.key)).toEqual([`${API.init} {}`, `${API.home} {}`]);
    for (const [answer, path] of [
      [answers[0]!, API.init],
      [answers[1]!, API.home],
    ] as const) {
      const envelope = h.client.open(answer.body);
      expect(envelope.code, path).toBe(Code.Ok);
      expect(envelope.data, path).toEqual(await dataOf(h.client, path, {}));
    }
  });

  it('a movie: its chunks and the app-wide lists only (its detail is per viewer)', async () => {
    const html = (await page('/movie/1')).body;
    expect(html).toContain('href="/assets/movie-detail-m1.js"');
    expect(answersIn(html).map((answer) => answer.key)).toEqual([`${API.init} {}`]);
  });

  it('any other page: the plain shell', async () => {
    for (const url of ['/mine', '/mine/wallet', '/search/x', '/movie/abc']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
    }
  });

  it('writes a data block no text can close', () => {
    const block = answerBlock([{ key: '/x {"q":"</script><script>alert(1)</script>"}', body: 'YWJj' }]);
    expect(block.match(/<\/script>/g)).toHaveLength(1);
    expect(JSON.parse(/>(.*)<\/script>$/.exec(block)![1]!)).toEqual([{ key: '/x {"q":"</script><script>alert(1)</script>"}', body: 'YWJj' }]);
  });
});
