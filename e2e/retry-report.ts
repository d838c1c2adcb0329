/**
 * A vitest reporter that lists, at the end of a run, every test that passed or failed only after a
 * retry (the browser suite retries once in CI, vitest.config.ts), each with the error of its failed
 * try, so a flaky test is seen and its cause fixed rather than hidden by its second try.
 */
import { relative } from 'node:path';
import type { Reporter, TestCase } from 'vitest/node';

/** The first line of each error of a failed try, with where in the test file it was thrown. */
function causeOf(test: TestCase): string {
  const errors = test.result().errors ?? [];
  if (errors.length === 0) return 'no error kept';
  return errors
    .map((error) => {
      const first = (error.message ?? String(error)).split('\n')[0]!.slice(0, 300);
      const at = error.stacks?.find((frame) => frame.file === test.module.moduleId);
      return at ? `${first} (line ${at.line})` : first;
    })
    .join(' | ');
}

export class RetryReport implements Reporter {
  private readonly retried: string[] = [];

  onTestCaseResult(test: TestCase): void {
    const retries = test.diagnostic()?.retryCount ?? 0;
    if (retries === 0) return;
    const file = relative(process.cwd(), test.module.moduleId);
    this.retried.push(
      `${file} > ${test.fullName}: ${test.result().state} after ${retries + 1} tries; the failed try: ${causeOf(test)}`,
    );
  }

  onTestRunEnd(): void {
    if (this.retried.length === 0) return;
    console.log(`\n[retried] ${this.retried.length} test(s) needed a retry:\n  ${this.retried.join('\n  ')}`);
  }
}
