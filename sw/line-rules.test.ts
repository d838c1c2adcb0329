import { afterEach, describe, expect, it, vi } from 'vitest';
import { FAILURE_MEMORY_MS, lineFailed, onLine, raceLines, splitByLine, tryOrder, type Ping } from './line-rules.ts';

type Plan = Record<string, { after: number; ok: boolean } | 'never'>;

/** A fake HEAD per line: answers ok or not after `after` ms, or never; records aborts. */
function fakePing(plan: Plan): { ping: Ping; aborted: string[] } {
  const aborted: string[] = [];
  const ping: Ping = (line, signal) =>
    new Promise((resolve, reject) => {
      signal.addEventListener('abort', () => aborted.push(line));
      const step = plan[line];
      if (step === 'never' || step === undefined) return;
      setTimeout(() => (step.ok ? resolve(true) : reject(new TypeError('Failed to fetch'))), step.after);
    });
  return { ping, aborted };
}

async function race(
  lines: string[],
  plan: Plan,
  timeoutMs = 3_000,
): Promise<{ winner: string | null; at: number; aborted: string[] }> {
  const { ping, aborted } = fakePing(plan);
  const start = Date.now();
  let at = -1;
  const result = raceLines(lines, ping, timeoutMs).finally(() => (at = Date.now() - start));
  await vi.runAllTimersAsync();
  return { winner: await result, at, aborted };
}

describe('raceLines', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('picks the first line to answer successfully and aborts the others', async () => {
    vi.useFakeTimers();
    const { winner, aborted } = await race(['/cdn/1', '/cdn/2', '/cdn/3'], {
      '/cdn/1': { after: 300, ok: true },
      '/cdn/2': { after: 50, ok: true },
      '/cdn/3': 'never',
    });
    expect(winner).toBe('/cdn/2');
    expect(aborted).toEqual(['/cdn/1', '/cdn/2', '/cdn/3']);
  });

  it('never picks a line that failed while another works, however fast the failure', async () => {
    vi.useFakeTimers();
    const { winner } = await race(['/cdn/1', '/cdn/2'], {
      '/cdn/1': { after: 1, ok: false },
      '/cdn/2': { after: 2_000, ok: true },
    });
    expect(winner).toBe('/cdn/2');
  });

  it('counts a ping answering false as a failure', async () => {
    vi.useFakeTimers();
    const ping: Ping = async (line) => line === '/cdn/2';
    const result = raceLines(['/cdn/1', '/cdn/2'], ping);
    await vi.runAllTimersAsync();
    expect(await result).toBe('/cdn/2');
  });

  it('falls back to the first line when every line fails, as soon as the last one failed', async () => {
    vi.useFakeTimers();
    const { winner, at } = await race(['/cdn/1', '/cdn/2'], {
      '/cdn/1': { after: 10, ok: false },
      '/cdn/2': { after: 20, ok: false },
    });
    expect(winner).toBe('/cdn/1');
    expect(at).toBe(20);
  });

  it('falls back to the first line when no line answers within the time limit', async () => {
    vi.useFakeTimers();
    const { winner, at } = await race(
      ['/cdn/1', '/cdn/2'],
      { '/cdn/1': 'never', '/cdn/2': { after: 5_000, ok: true } },
      3_000,
    );
    expect(winner).toBe('/cdn/1');
    expect(at).toBe(3_000);
  });

  it('answers null without lines', async () => {
    expect(await raceLines([], async () => true)).toBeNull();
  });
});

describe('tryOrder', () => {
  const lines = ['/cdn/1', '/cdn/2', '/cdn/3'];
  const now = 1_000_000;

  it('starts with the active line and continues in list order, wrapping', () => {
    expect(tryOrder(lines, '/cdn/2', new Map(), now)).toEqual(['/cdn/2', '/cdn/3', '/cdn/1']);
    expect(tryOrder(lines, null, new Map(), now)).toEqual(lines);
    expect(tryOrder(lines, '/cdn/9', new Map(), now)).toEqual(lines);
  });

  it('tries lines that failed within the memory last, and trusts them again after it', () => {
    const failed = new Map([['/cdn/2', now - 1_000]]);
    expect(tryOrder(lines, '/cdn/2', failed, now)).toEqual(['/cdn/3', '/cdn/1', '/cdn/2']);
    expect(tryOrder(lines, '/cdn/2', failed, now - 1_000 + FAILURE_MEMORY_MS)).toEqual(['/cdn/2', '/cdn/3', '/cdn/1']);
  });
});

describe('splitByLine and onLine', () => {
  const origin = 'https://site.example';
  const lines = ['/cdn/1', 'https://cdn2.example/media/'];

  it('finds the line of a same-origin or another host URL and the path below it', () => {
    expect(splitByLine('https://site.example/cdn/1/posters/m1-s.webp', lines, origin)).toEqual({
      line: '/cdn/1',
      rest: '/posters/m1-s.webp',
    });
    expect(splitByLine('https://cdn2.example/media/covers/c001.webp', lines, origin)).toEqual({
      line: lines[1],
      rest: '/covers/c001.webp',
    });
    expect(splitByLine('https://site.example/cdn/10/posters/x.webp', lines, origin)).toBeNull();
    expect(splitByLine('https://site.example/api/icons', lines, origin)).toBeNull();
  });

  it('moves a path to another line', () => {
    expect(onLine('/cdn/2', '/posters/m1-s.webp', origin)).toBe('https://site.example/cdn/2/posters/m1-s.webp');
    expect(onLine('https://cdn2.example/media/', '/covers/c.webp', origin)).toBe(
      'https://cdn2.example/media/covers/c.webp',
    );
  });
});

describe('lineFailed', () => {
  it('is a network failure or a server error, not a 4xx answer of the file', () => {
    expect(lineFailed(null)).toBe(true);
    expect(lineFailed(new Response(null, { status: 502 }))).toBe(true);
    expect(lineFailed(new Response(null, { status: 403 }))).toBe(false);
    expect(lineFailed(new Response('ok'))).toBe(false);
  });
});
