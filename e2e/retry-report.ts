/**
 * A vitest reporter that lists, at the end of a run, every test that passed or failed only after a
 * retry (the browser suite retries once in CI, vitest.config.ts), so a flaky test is seen and fixed
 * rather than hidden by its second try.
 */
import { relative } from 'node:path';
import type { Reporter, TestCase } from 'vitest/node';

export class RetryReport implements Reporter {
  private readonly retried: string[] = [];

  onTestCaseResult(test: TestCase): void {
    const retries = test.diagnostic()?.retryCount ?? 0;
    if (retries === 0) return;
    const file = relative(process.cwd(), test.module.moduleId);
    this.retried.push(`${file} > ${test.fullName}: ${test.result().state} after ${retries + 1} tries`);
  }

  onTestRunEnd(): void {
    if (this.retried.length === 0) return;
    console.log(`\n[retried] ${this.retried.length} test(s) needed a retry:\n  ${this.retried.join('\n  ')}`);
  }
}
