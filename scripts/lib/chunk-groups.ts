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
 *   - the operator console (admin.html, the second entry): its modules (admin/, contract/admin/) never
 *     join the visitors' groups, and what both entries need at start (React, wouter and the bundler's
 *     runtime) is one vendor file of its own, so loading the console never runs the visitors' boot
 *     and visitors never load a byte of the console.
 */
import { join } from 'node:path';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const ROOT = escape(join(import.meta.dirname, '..', '..'));
/** The console's own modules: its page (admin.html), admin/ and the contract it alone reads (contract/admin/). */
export const CONSOLE_MODULE = new RegExp(`^${ROOT}[\\\\/]((contract[\\\\/])?admin[\\\\/]|admin\\.html)`);
/** What the visitors' app and the console both run at start. */
const VENDOR =
  /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|use-sync-external-store)[\\/]|rolldown[\\/]runtime|vite[\\/]preload-helper/;

/** Shared modules of the member area, publishing and playback: kept out of the content chunk. */
const NOT_CONTENT =
  /member|mine|pay-|deposit|wallet|vip|points|purchase|order|ledger|checkout|claim|idempotency|credentials|form-field|validate|modal|upload|publish|release|shrink-image|progress|hls|player|danmaku|replies|reports|notifications|personal|saved/;

const CONTENT =
  /[\\/]src[\\/](components|features|lib|api|stores)[\\/]|[\\/]contract[\\/]|[\\/]src[\\/]app[\\/]client-hooks\.ts$/;

export const chunkGroups = [
  { name: 'vendor', test: VENDOR, priority: 3 },
  { name: 'boot', tags: ['$initial' as const], test: (id: string) => !CONSOLE_MODULE.test(id), priority: 2 },
  {
    name: 'content',
    test: (id: string) => CONTENT.test(id) && !NOT_CONTENT.test(id) && !CONSOLE_MODULE.test(id),
    minShareCount: 2,
    priority: 1,
  },
];
