/**
 * The server suite's global setup: the server bundle that the tests starting a real server process
 * run (e2e/server-process.ts), made once here when the server's sources changed since the last one
 * (scripts/lib/server-bundle.ts), never by two test files at once.
 */
import { ensureServerBundle } from '../../scripts/lib/server-bundle.ts';

export default async function setup(): Promise<void> {
  await ensureServerBundle();
}
