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
 *     critical path; the service worker precaches every chunk after it anyway).
 */

/** Shared modules of the member area, publishing and playback: kept out of the content chunk. */
const NOT_CONTENT =
  /member|mine|pay-|deposit|wallet|vip|points|purchase|order|ledger|checkout|claim|idempotency|credentials|form-field|validate|modal|upload|publish|release|shrink-image|progress|hls|player|danmaku|replies|reports|notifications|personal|saved/;

const CONTENT =
  /[\\/]src[\\/](components|features|lib|api|stores)[\\/]|[\\/]contract[\\/]|[\\/]src[\\/]app[\\/]client-hooks\.ts$/;

export const chunkGroups = [
  { name: 'boot', tags: ['$initial' as const], priority: 2 },
  { name: 'content', test: (id: string) => CONTENT.test(id) && !NOT_CONTENT.test(id), minShareCount: 2, priority: 1 },
];
