/**
 * `npm test`: lint (the import arrows, circles and formatting: docs/architecture.md), type-check,
 * then the unit and server suites, then the browser suite (which builds the PWA for production
 * itself). Extra arguments go to one vitest run instead.
 */
import { execSync } from 'node:child_process';

const run = (command: string) => execSync(command, { stdio: 'inherit' });

try {
  run('npm run --silent lint');
  run('npm run --silent typecheck');
  const extra = process.argv.slice(2);
  if (extra.length > 0) {
    run(['npx vitest run', ...extra].join(' '));
  } else {
    // The browser suite runs after the others, not beside them: on a 2-core machine the server
    // suite's concurrency and fuzz tests would otherwise starve the browser and its timing.
    run('npx vitest run --project unit --project server');
    run('npx vitest run --project e2e');
  }
} catch {
  process.exit(1);
}
