/**
 * The first screen's first answers, sent inside the HTML (contract/first-paint.ts): each taken once,
 * by the call whose cache key it names, while it is fresher than the client's own cache would keep
 * it. Later calls, other screens and pages served by the service worker (no block) use the network.
 */
import { FIRST_ANSWER_ID, type FirstAnswer } from '../../contract/first-paint.ts';

/** As long as ResponseCache keeps an answer: older than that, the block is not used. */
const FRESH_FOR_MS = 60_000;

let answers: Map<string, string> | null = null;

function readBlock(): Map<string, string> {
  const found = new Map<string, string>();
  const block = typeof document === 'undefined' ? null : document.getElementById(FIRST_ANSWER_ID);
  if (!block) return found;
  block.remove();
  try {
    const list = JSON.parse(block.textContent ?? '') as unknown;
    for (const answer of Array.isArray(list) ? (list as Partial<FirstAnswer>[]) : []) {
      if (typeof answer.key === 'string' && typeof answer.body === 'string') found.set(answer.key, answer.body);
    }
  } catch {
    // a damaged block: the calls go to the network
  }
  return found;
}

/** Whether the page brought an answer for `key` that takeFirstAnswer would still give. */
export function carriesFirstAnswer(key: string): boolean {
  answers ??= readBlock();
  return answers.has(key) && performance.now() < FRESH_FOR_MS;
}

/** The encrypted body for `key`, once; undefined when the page brought none for it. */
export function takeFirstAnswer(key: string): string | undefined {
  answers ??= readBlock();
  const body = answers.get(key);
  answers.delete(key);
  return body !== undefined && performance.now() < FRESH_FOR_MS ? body : undefined;
}
