/**
 * `npm test`: lint (the import arrows, circles and formatting: docs/architecture.md) beside the
 * type-check, then the unit and server suites, then the browser suite (which builds the PWA for
 * production itself). Extra arguments go to one vitest run instead.
 */
import { exec, execSync } from 'node:child_process';

const run = (command: string) => execSync(command, { stdio: 'inherit' });

/** How long each stage took, printed at the end: CI's log keeps the tail, and its bar is 25 minutes (.ci/run). */
const stages: string[] = [];
const timed = async <T>(stage: string, work: () => T | Promise<T>): Promise<T> => {
  const started = performance.now();
  try {
    return await work();
  } finally {
    stages.push(`${stage} ${Math.round((performance.now() - started) / 1000)} s`);
  }
};
const printStages = () => console.log(`\n[npm test] ${stages.join(' · ')}`);

/** Runs `command` with its output kept, printed once it ends; rejects when it fails. */
const runQuietly = (command: string): Promise<void> =>
  new Promise((resolve, reject) => {
    exec(command, { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      process.stdout.write(stdout);
      process.stderr.write(stderr);
      if (error) reject(error);
      else resolve();
    });
  });

try {
  // The two read the same files and wait on no one: side by side they take the longer one's time.
  const typecheck = runQuietly('npm run --silent typecheck');
  const lint = runQuietly('npm run --silent lint');
  const checks = await timed('lint and type-check', () => Promise.allSettled([lint, typecheck]));
  if (checks.some((check) => check.status === 'rejected')) throw new Error('lint or type-check failed');
  const extra = process.argv.slice(2);
  if (extra.length > 0) {
    run(['npx vitest run', ...extra].join(' '));
  } else {
    // The browser suite (two files at a time, vitest.config.ts) runs after the others, not beside
    // them: the server suite keeps both cores busy and would starve the browser's timing.
    await timed('unit and server suites', () => run('npx vitest run --project unit --project server'));
    await timed('browser suite', () => run('npx vitest run --project e2e'));
  }
  printStages();
} catch {
  printStages();
  process.exit(1);
}
