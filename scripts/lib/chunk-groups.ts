/**
 * How the build groups modules into chunks (rolldown's codeSplitting groups, vite.config.ts).
 *
 * Left alone, automatic splitting makes one small chunk per set of screens sharing a module: the
 * first screen then waits for some twenty 1-2 KiB files, six at a time over HTTP/1.1, before its
 * first call can even leave (Lighthouse LCP; docs/performance.md). So:
 *   - boot: everything index.html loads at start (the `$initial` modules) stays one file, and no
 *     later group may pull one of them out of it;
 *   - cipher: the wire protocol's cipher (crypto-js) and envelope, which the API client loads at
 *     start on every page: a library of its own, like hls.js, in one file beside the content chunk
 *     (which alone would be over its 25 KiB budget with it; the bytes a screen loads are the same);
 *   - content: the API client with the session, the stores, API modules and components the content
 *     screens share, one file (with its CSS) loaded beside the screen's own chunk; the scripts a
 *     screen reaches only on a tap (download sheet, install guides, dialogs) are left out of it, their
 *     styles are not (NOT_CONTENT_SCRIPT);
 *   - the member area, publishing and playback keep automatic splitting (never on a first visit's
 *     critical path; the service worker precaches every chunk after it anyway);
 *   - the operator console (admin.html, the second entry) is a graph of its own: what it imports
 *     from outside admin/ and contract/admin/ (React, wouter, src/lib …) is a copy of the module,
 *     its id ending in CONSOLE_COPY (vite.config.ts), so neither its modules nor its copies ever
 *     join the visitors' groups: loading the console never runs the visitors' boot, visitors never
 *     load a byte of the console. Both need the bundler's runtime helpers, which therefore leave the
 *     visitors' entry file for one of their own (0.6 KiB gzip, loaded beside it).
 */
import { join } from 'node:path';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const ROOT = escape(join(import.meta.dirname, '..', '..'));
/** The console's own modules: its page (admin.html), admin/ and the contract it alone reads (contract/admin/). */
export const CONSOLE_MODULE = new RegExp(`^${ROOT}[\\\\/]((contract[\\\\/])?admin[\\\\/]|admin\\.html)`);
/** The id suffix of the console's copies of modules the visitors' app has too (vite.config.ts). */
export const CONSOLE_COPY = '?console-copy';
/** A module of the console's graph: its own, or its copy of a shared one. */
export const inConsole = (id: string): boolean => CONSOLE_MODULE.test(id) || id.endsWith(CONSOLE_COPY);

/** Shared modules of the member area, publishing and playback: kept out of the content chunk. */
const NOT_CONTENT =
  /member|mine|pay-|deposit|wallet|vip|points|purchase|order|ledger|checkout|claim|idempotency|credentials|form-field|validate|modal|upload|publish|release|shrink-image|progress|hls|player|danmaku|replies|reports|notifications|personal|saved/;

/**
 * Scripts the content screens reach only on a tap (the download sheet, the install guides, dialogs,
 * the member area's icons and account texts): kept out of the content chunk's JS. Their styles stay
 * in content.css, so every first paint links the same stylesheets it did.
 */
const NOT_CONTENT_SCRIPT = /download-(sheet|manager)|arrival|member-icons|modal|account-messages/;
/** The dialogs' frame: its styles stay in content.css although its script left (NOT_CONTENT names `modal`). */
const CONTENT_STYLE = /[\\/]src[\\/]styles[\\/]modal\.css$/;

const CONTENT =
  /[\\/]src[\\/](components|features|lib|api|stores)[\\/]|[\\/]contract[\\/]|[\\/]src[\\/]app[\\/]client-hooks\.ts$/;

/** The wire protocol's cipher: crypto-js and the protocol's envelope (contract/protocol/), loaded by the API client. */
const CIPHER = /[\\/]node_modules[\\/]crypto-js[\\/]|[\\/]contract[\\/]protocol[\\/]/;

/**
 * Vite's helper of dynamic imports (it preloads a chunk's imports and styles): both graphs need it
 * (the console loads its pages lazily), so it is a file of its own (0.5 KiB, beside the runtime
 * helpers'; the bundler does not let the two share one), never inside the visitors' boot file, which
 * the console would otherwise load (and run).
 */
const PRELOAD_HELPER = /vite\/preload-helper/;

export const chunkGroups = [
  { name: 'preload-helper', test: (id: string) => PRELOAD_HELPER.test(id), priority: 3 },
  { name: 'boot', tags: ['$initial' as const], test: (id: string) => !inConsole(id), priority: 2 },
  { name: 'cipher', test: (id: string) => CIPHER.test(id) && !inConsole(id), priority: 1.5 },
  {
    name: 'content',
    test: (id: string) =>
      !inConsole(id) &&
      (CONTENT_STYLE.test(id) ||
        (CONTENT.test(id) && !NOT_CONTENT.test(id) && (id.endsWith('.css') || !NOT_CONTENT_SCRIPT.test(id)))),
    minShareCount: 2,
    priority: 1,
  },
];
