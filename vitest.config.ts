import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { RetryReport } from './e2e/retry-report.ts';
import { E2E_WORKERS } from './e2e/workers.ts';

/** The files that take minutes (the fuzz shards, the crash and naughty-string suites), started first. */
const LONG_FILES = /(\.fuzz\.test\.ts|faults\/crash\.test\.ts|naughty-strings\.test\.ts)$/;

/**
 * Long files first, so the two workers share them instead of one running a fuzz shard alone at the
 * end; otherwise vitest's order (slowest known first, then larger files).
 */
class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const long = (file: TestSpecification) => LONG_FILES.test(file.moduleId);
    return [...sorted.filter(long), ...sorted.filter((file) => !long(file))];
  }
}

/**
 * The server suite's files share their worker's modules (vitest's isolate off): imported afresh for
 * each of 178 files, the server's modules cost 211 s of the unit and server suites' 601 s here
 * (vitest's "import" figure), and 19 s shared (416 s in all). Each file still makes its own server,
 * database and fixtures; none leans on a module loaded anew for it. The unit suite's files keep
 * theirs (9 s more here): they replace modules with vi.mock, which reaches only a module loaded
 * after it, so a file that ran after another had loaded the real idb-keyval found no IndexedDB in
 * Node. The browser suite's files import little, and keep theirs too.
 */
const ISOLATE_SERVER_FILES = false;

/**
 * Three suites: unit (pure client and protocol code), server (integration against PGlite and,
 * when DATABASE_URL is set, PostgreSQL) and e2e (the production build in real Chromium, two files at
 * a time).
 */
export default defineConfig({
  test: {
    // At least two workers even on a 2-core machine (vitest's default there is one): much of the
    // server suite waits on PostgreSQL, Redis, ffmpeg and timers.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: LongFirstSequencer },
    reporters: ['default', new RetryReport()],
    projects: [
      {
        test: {
          name: 'unit',
          isolate: true,
          include: [
            'src/**/*.test.{ts,tsx}',
            'admin/**/*.test.ts',
            'sw/**/*.test.ts',
            'contract/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
          // A cap against a hung test, not a speed bar: a loaded CI machine runs these far slower.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          isolate: ISOLATE_SERVER_FILES,
          environment: 'node',
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // A page's change is waited for as a condition: expect.poll's own default (1 s) is a
          // duration that a loaded or slower machine outlasts, while a real fault fails at the cap.
          expect: { poll: { timeout: 15_000 } },
          // Two files at a time, each worker slot against a server and database of its own
          // (e2e/global-setup.ts, e2e/browser.ts): the suite mostly waits on the browser, the server
          // and timers, which one file at a time leaves a quarter of two cores idle.
          maxWorkers: E2E_WORKERS,
          // In CI a failed browser test runs once more before it fails the run, and the run's end
          // lists every test that needed it (e2e/retry-report.ts). CI's machine is slower than a
          // developer's and shared by two files at a time: a wait too short for it should not throw
          // away the run, while a real fault fails both tries. Outside CI a failure fails at once.
          retry: process.env.CI ? 1 : 0,
        },
      },
    ],
  },
});
