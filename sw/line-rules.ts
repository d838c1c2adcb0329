/**
 * The CDN line rules of the service worker, pure so they are tested with fake fetches and clocks
 * (line-rules.test.ts). A line is the base URL of one CDN host ("/cdn/1" or "https://cdn2.example").
 *
 *   raceLines   HEAD to every line at once: the first line that answers successfully wins; a line
 *               that fails is never chosen while another one works; when none works (or none
 *               answers within the time limit), the first line of the list.
 *   tryOrder    the lines a media request tries, in order: the active line first, then the others
 *               in list order after it, lines that failed recently last.
 *   splitByLine which line a URL is on, and its path below the line.
 *
 * docs/spec.md section 4 says "the first to respond (or fail) becomes the active line"; the offline design narrows
 * it: a failing line only wins when every line fails.
 */

/** A ping resolves true when the line answered successfully, false (or rejects) otherwise. */
export type Ping = (line: string, signal: AbortSignal) => Promise<boolean>;

export const RACE_TIMEOUT_MS = 3_000;
/** A line that failed is tried after the others for this long. */
export const FAILURE_MEMORY_MS = 60_000;
/** The race runs again when its result is older than this (and after a failure). */
export const RACE_EVERY_MS = 10 * 60_000;

export async function raceLines(
  lines: readonly string[],
  ping: Ping,
  timeoutMs = RACE_TIMEOUT_MS,
): Promise<string | null> {
  const first = lines[0];
  if (first === undefined) return null;
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const winner = new Promise<string>((resolve) => {
    let settled = 0;
    const oneSettled = () => {
      settled += 1;
      if (settled === lines.length) resolve(first); // every line failed
    };
    for (const line of lines) {
      ping(line, controller.signal).then((ok) => (ok ? resolve(line) : oneSettled()), oneSettled);
    }
    timer = setTimeout(() => resolve(first), timeoutMs);
  });
  try {
    return await winner;
  } finally {
    clearTimeout(timer);
    controller.abort(); // the other pings are not needed any more
  }
}

/** The lines to try for a media request, best first. */
export function tryOrder(
  lines: readonly string[],
  active: string | null,
  failedAt: ReadonlyMap<string, number> = new Map(),
  now = Date.now(),
  memoryMs = FAILURE_MEMORY_MS,
): string[] {
  const start = active === null ? 0 : Math.max(0, lines.indexOf(active));
  const rotated = lines.map((_, i) => lines[(start + i) % lines.length]!);
  const failedRecently = (line: string) => now - (failedAt.get(line) ?? -Infinity) < memoryMs;
  return [...rotated.filter((line) => !failedRecently(line)), ...rotated.filter(failedRecently)];
}

/** The line `url` is on and the rest of its path ("/posters/m1-s.webp"), or null when on none. */
export function splitByLine(
  url: string,
  lines: readonly string[],
  origin: string,
): { line: string; rest: string } | null {
  for (const line of lines) {
    const base = new URL(line.replace(/\/+$/, ''), origin).href;
    if (url.startsWith(`${base}/`)) return { line, rest: url.slice(base.length) };
  }
  return null;
}

/** The absolute URL of `rest` on `line`. */
export const onLine = (line: string, rest: string, origin: string): string =>
  new URL(line.replace(/\/+$/, ''), origin).href + rest;

/**
 * Whether an answer means the line itself failed (so the next line is tried): the network failed
 * (no answer) or the CDN answered with a server error. 4xx answers are the file's own answer
 * (a refused trial segment is 403 on every line).
 */
export const lineFailed = (response: Response | null): boolean => response === null || response.status >= 500;
