/// <reference lib="webworker" />
/**
 * The CDN line state of the service worker (docs/spec.md section 4, rules in line-rules.ts): the lines the
 * page posted (from /system/init), the active line and when the race last ran, persisted in the
 * worker's own IndexedDB store so a worker restarted by the browser still knows them.
 *
 * The race runs when new lines arrive, again after a line failed under a media request, and when
 * its result is older than RACE_EVERY_MS (checked on media requests: a worker has no timers that
 * outlive it). Every result is posted to the open pages, which show media on that line.
 */
import { createStore, get, set } from 'idb-keyval';
import { CDN_ACTIVE, type CdnActiveMessage } from '../contract/sw-messages.ts';
import { onLine, RACE_EVERY_MS, raceLines, tryOrder } from './line-rules.ts';

declare const self: ServiceWorkerGlobalScope;

interface LineState {
  lines: string[];
  active: string | null;
  racedAt: number;
}

const store = createStore('sw-state', 'state');
const STATE_KEY = 'cdn';

let state: LineState = { lines: [], active: null, racedAt: 0 };
const failedAt = new Map<string, number>();
let racing: Promise<string | null> | null = null;

/** The saved state, read once when the worker starts. */
export const linesReady: Promise<void> = get<LineState>(STATE_KEY, store).then(
  (saved) => {
    if (saved && state.lines.length === 0) state = saved;
  },
  () => undefined,
);

export const knownLines = (): readonly string[] => state.lines;

async function announce(): Promise<void> {
  const message: CdnActiveMessage = { type: CDN_ACTIVE, line: state.active, lines: state.lines };
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const page of pages) page.postMessage(message);
}

function save(): void {
  set(STATE_KEY, state, store).catch(() => undefined);
}

const ping = async (line: string, signal: AbortSignal): Promise<boolean> =>
  (await fetch(onLine(line, '/ping', self.location.origin), { method: 'HEAD', cache: 'no-store', signal })).ok;

/** Races the lines (one race at a time) and announces the winner. */
export function race(): Promise<string | null> {
  racing ??= (async () => {
    try {
      const lines = state.lines;
      const winner = await raceLines(lines, ping);
      if (lines === state.lines) state = { ...state, active: winner, racedAt: Date.now() };
      save();
      await announce();
      return state.active;
    } finally {
      racing = null;
    }
  })();
  return racing;
}

/** The page's lines; a new list is raced at once, a known one only when its race is stale. */
export async function setLines(lines: string[]): Promise<void> {
  await linesReady;
  const same = lines.length === state.lines.length && lines.every((line, i) => line === state.lines[i]);
  if (!same) {
    state = { lines, active: state.active !== null && lines.includes(state.active) ? state.active : null, racedAt: 0 };
    failedAt.clear();
  }
  if (same && Date.now() - state.racedAt < RACE_EVERY_MS) return announce();
  await race();
}

/** The lines a media request tries, best first. */
export const mediaLines = (): string[] => tryOrder(state.lines, state.active, failedAt);

/** A media request failed on `line`: remember it and race again. */
export function lineFailed(line: string): Promise<unknown> {
  failedAt.set(line, Date.now());
  return race();
}

/** A media request was served by `line`: after a fail-over, it is the active line until the next race. */
export function lineServed(line: string): Promise<unknown> {
  if (line === state.active || failedAt.get(state.active ?? '') === undefined) return Promise.resolve();
  state = { ...state, active: line };
  save();
  return announce();
}

/** Races again in the background when the last race is older than RACE_EVERY_MS. */
export function raceIfStale(): Promise<unknown> {
  return state.lines.length > 0 && Date.now() - state.racedAt >= RACE_EVERY_MS ? race() : Promise.resolve();
}
