/**
 * Icons named by server data (category icons) load from the Iconify-style endpoint
 * `GET /api/icons?icons=a,b` (docs/spec.md sections 7 and 9, docs/architecture.md): the names requested in
 * one tick go out together, split so that no URL is longer than 500 characters; a request gives up
 * after 5000 ms and is tried again 750 ms later on the next configured host (the spec's "rotate
 * interval"; here there is one host, the app's own origin). Loaded icons stay in memory.
 */
import { ICONS_PATH } from '../../contract/calls/paths.ts';

export const ICON_MAX_URL_LENGTH = 500;
export const ICON_TIMEOUT_MS = 5_000;
export const ICON_ROTATE_MS = 750;
const MAX_ATTEMPTS = 3;
/** Hosts the icons are asked of, in turn; '' is the app's own origin. */
const ICON_HOSTS: readonly string[] = [''];

export interface IconData {
  body: string;
  width: number;
  height: number;
}

interface IconsAnswer {
  icons?: Record<string, IconData>;
  not_found?: string[];
}

export interface IconBatch {
  url: string;
  names: string[];
}

/** Requests for `names` (de-duplicated, in order), each URL at most `maxLength` characters; pure. */
export function iconBatches(
  names: readonly string[],
  base: string = ICONS_PATH,
  maxLength = ICON_MAX_URL_LENGTH,
): IconBatch[] {
  const prefix = `${base}?icons=`;
  const batches: IconBatch[] = [];
  let current: IconBatch | null = null;
  for (const name of new Set(names)) {
    const encoded = encodeURIComponent(name);
    if (prefix.length + encoded.length > maxLength) continue; // a name that can never fit is skipped
    if (current && current.url.length + 1 + encoded.length <= maxLength) {
      current.url += `,${encoded}`;
      current.names.push(name);
    } else {
      current = { url: prefix + encoded, names: [name] };
      batches.push(current);
    }
  }
  return batches;
}

/** name → icon, or null when the server does not know it. */
const loaded = new Map<string, IconData | null>();
const waiting = new Map<string, { promise: Promise<IconData | null>; resolve: (icon: IconData | null) => void }>();
let queued: string[] = [];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function fetchBatch(path: string): Promise<IconsAnswer> {
  for (let attempt = 0; ; attempt++) {
    const host = ICON_HOSTS[attempt % ICON_HOSTS.length];
    try {
      const response = await fetch(`${host}${path}`, { signal: AbortSignal.timeout(ICON_TIMEOUT_MS) });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return (await response.json()) as IconsAnswer;
    } catch (error) {
      if (attempt + 1 >= MAX_ATTEMPTS) throw error;
      await sleep(ICON_ROTATE_MS);
    }
  }
}

function settle(name: string, icon: IconData | null, remember: boolean): void {
  if (remember) loaded.set(name, icon);
  waiting.get(name)?.resolve(icon);
  waiting.delete(name);
}

function flush(): void {
  const names = queued;
  queued = [];
  const batches = iconBatches(names);
  const sent = new Set(batches.flatMap((batch) => batch.names));
  for (const name of names) if (!sent.has(name)) settle(name, null, true); // too long for any URL
  for (const batch of batches) {
    fetchBatch(batch.url).then(
      (answer) => {
        for (const name of batch.names) settle(name, answer.icons?.[name] ?? null, true);
      },
      () => {
        for (const name of batch.names) settle(name, null, false); // offline: a later render asks again
      },
    );
  }
}

/** The icon if it is already loaded (undefined: not yet; null: unknown to the server). */
export const loadedIcon = (name: string): IconData | null | undefined => loaded.get(name);

/** Loads one icon, batched with the others asked for in the same tick. */
export function loadIcon(name: string): Promise<IconData | null> {
  if (loaded.has(name)) return Promise.resolve(loaded.get(name)!);
  const pending = waiting.get(name);
  if (pending) return pending.promise;
  let resolve!: (icon: IconData | null) => void;
  const promise = new Promise<IconData | null>((done) => (resolve = done));
  waiting.set(name, { promise, resolve });
  if (queued.length === 0) queueMicrotask(flush);
  queued.push(name);
  return promise;
}
