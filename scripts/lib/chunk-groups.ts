/**
 * How the build groups modules into chunks (rolldown's codeSplitting groups, vite.config.ts).
 *
 * Left alone, automatic splitting makes one small chunk per set of screens sharing a module: the
 * first screen then waits for some twenty 1-2 KiB files, six at a time over HTTP/1.1, before its
 * first call can even leave (Lighthouse LCP; docs/performance.md). So:
 *   - boot: everything index.html loads at start (the `$initial` modules) stays one file, and no
 *     later group may pull one of them out of it;
 *   - content: the API client with the session and the crypto-js cipher, the stores, API modules
 *     and components the content screens share, one file (with its CSS) loaded beside the screen's
 *     own chunk;
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

const CONTENT =
  /[\\/]src[\\/](components|features|lib|api|stores)[\\/]|[\\/]contract[\\/]|[\\/]src[\\/]app[\\/]client-hooks\.ts$/;

export const chunkGroups = [
  { name: 'boot', tags: ['$initial' as const], test: (id: string) => !inConsole(id), priority: 2 },
  {
    name: 'content',
    test: (id: string) => CONTENT.test(id) && !NOT_CONTENT.test(id) && !inConsole(id),
    minShareCount: 2,
    priority: 1,
  },
];
