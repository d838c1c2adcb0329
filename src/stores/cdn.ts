/**
 * The active CDN line (docs/spec.md sections 3 and 4). Media keys are joined to it (src/stores/media-url.ts).
 *
 * chooseCdnLine() sends a HEAD to every line's ping address at once; the first line that answers
 * becomes active (when none answers within the timeout, the first line of the list); raceCdnLines()
 * takes the site's lines and races them once per page load and set of lines. A line that
 * was chosen before (persisted) stays active while the race runs, so images do not wait for it.
 * failOver(fromLine) moves to the next line after a media error; a line that failed recently is
 * skipped while another has not. While a service worker controls the page, it races the lines
 * itself (sw/cdn-lines.ts) and app/cdn-bridge.ts sets the active line from its answer; the page's
 * race then stands down (raceInWorker).
 */
import { useContext } from 'react';
import { useSnapshot } from 'valtio/react';
import { proxy } from 'valtio/vanilla';
import type { CdnLine } from '../../contract/calls/content.ts';
import { STORE_KEYS } from '../lib/storage-keys.ts';
import { persist } from './persist.ts';
import { RenderValuesContext } from './render-values.ts';

export const CDN_RACE_TIMEOUT_MS = 3_000;
/** A line that failed is avoided for this long when choosing the next one. */
export const CDN_FAILURE_MEMORY_MS = 60_000;

export interface CdnState {
  /** Base URLs of the site's lines, in the site's order. */
  lines: string[];
  /** The line media keys are joined to; null until one is known. */
  active: string | null;
}

export const cdnState = proxy<CdnState>({ lines: [], active: null });

/** Hydrated when this module is first imported: it is loaded after the first render, not in the entry. */
export const cdnReady: Promise<void> = persist(STORE_KEYS.cdn, cdnState);

/** Line → when it last failed (ms). Not persisted: a reload starts trusting every line again. */
const failedAt = new Map<string, number>();

/**
 * The line to use after `from` failed: the next one in the list order (wrapping), preferring lines
 * that have not failed within `memoryMs`. Null when there is no other line. Pure.
 */
export function nextLine(
  lines: readonly string[],
  from: string,
  failures: ReadonlyMap<string, number> = new Map(),
  now = Date.now(),
  memoryMs = CDN_FAILURE_MEMORY_MS,
): string | null {
  const start = lines.indexOf(from);
  const order = lines.map((_, i) => lines[(start + 1 + i) % lines.length]!).filter((line) => line !== from);
  const healthy = order.find((line) => now - (failures.get(line) ?? -Infinity) > memoryMs);
  return healthy ?? order[0] ?? null;
}

/** The ping address of a line (the media server answers HEAD /cdn/N/ping cheaply). */
export const pingUrl = (line: string): string => `${line.replace(/\/+$/, '')}/ping`;

/** Replaces the known lines; keeps the active one when it is still listed. */
export function setCdnLines(lines: readonly CdnLine[]): void {
  const bases = lines.map((line) => line.cdnLine);
  cdnState.lines = bases;
  if (cdnState.active === null || !bases.includes(cdnState.active)) cdnState.active = null;
}

async function answers(line: string, signal: AbortSignal): Promise<string> {
  const response = await fetch(pingUrl(line), { method: 'HEAD', cache: 'no-store', signal });
  if (!response.ok) throw new Error(`${line}: HTTP ${response.status}`);
  return line;
}

let racing: Promise<string | null> | null = null;
/** A page a service worker controls from the start leaves the race to it (app/cdn-bridge.ts). */
let workerRaces = typeof navigator !== 'undefined' && !!navigator.serviceWorker?.controller;

/** Whether the service worker races the lines (the page then only follows its answers). */
export function raceInWorker(on: boolean): void {
  workerRaces = on;
}

/** Races the lines once at a time; answers the active line. */
export function chooseCdnLine(timeoutMs = CDN_RACE_TIMEOUT_MS): Promise<string | null> {
  const lines = [...cdnState.lines];
  if (lines.length === 0 || workerRaces) return Promise.resolve(cdnState.active);
  racing ??= (async () => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      cdnState.active = await Promise.any(lines.map((line) => answers(line, controller.signal)));
    } catch {
      cdnState.active ??= lines[0]!; // none answered: keep the known line, or take the first
    } finally {
      clearTimeout(timer);
      controller.abort(); // the losers are not needed any more
      racing = null;
    }
    return cdnState.active;
  })();
  return racing;
}

/** The lines raced last in this page load (their JSON), and that race. */
let lastRaced: { lines: string; race: Promise<string | null> } | null = null;

/**
 * Takes the site's lines and races them, unless they are the lines raced last in this page load: a
 * second race of the same lines could move the active line under a stream that is starting (the
 * persisted lists' lines, then the same lines from the server). Answers the race that stands.
 */
export function raceCdnLines(lines: readonly CdnLine[]): Promise<string | null> {
  const key = JSON.stringify(lines);
  if (lastRaced?.lines !== key) {
    setCdnLines(lines);
    lastRaced = { lines: key, race: chooseCdnLine() };
  }
  return lastRaced.race;
}

/**
 * A media request on `fromLine` failed: remember it and switch to the next line, unless another
 * failure already switched away. Answers the line to use now (null: no line is known).
 */
export function failOver(fromLine: string): string | null {
  failedAt.set(fromLine, Date.now());
  if (cdnState.active === fromLine || cdnState.active === null) {
    cdnState.active = nextLine(cdnState.lines, fromLine, failedAt) ?? cdnState.active;
  }
  return cdnState.active;
}

/** For tests: forget the failures and the lines raced. */
export function resetCdnFailures(): void {
  failedAt.clear();
  lastRaced = null;
}

/** The lines and the active one in a component: the render's own (server first paint), else the store's. */
export function useCdnLines(): { readonly lines: readonly string[]; readonly active: string | null } {
  const given = useContext(RenderValuesContext);
  const snapshot = useSnapshot(cdnState);
  return given ? { lines: given.appInit.cdnLines.map((line) => line.cdnLine), active: null } : snapshot;
}
