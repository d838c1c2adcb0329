import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPoller, POLL_DELAYS_MS } from './order-poll.ts';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

/** Attempts that answer `results` in turn (true: finished); records when each ran. */
function scripted(results: ReadonlyArray<boolean | Error>) {
  const times: number[] = [];
  const start = Date.now();
  const attempt = vi.fn(async () => {
    times.push(Date.now() - start);
    const result = results[times.length - 1] ?? false;
    if (result instanceof Error) throw result;
    return result;
  });
  return { attempt, times };
}

describe('order poller', () => {
  it('backs off: at once, then 1 s, 2 s, 4 s and 8 s later, then reports the round exhausted', async () => {
    const { attempt, times } = scripted([]);
    const onExhausted = vi.fn();
    createPoller({ attempt, onExhausted }).start();
    await vi.runAllTimersAsync();
    expect(times).toEqual([0, 1_000, 3_000, 7_000, 15_000]);
    expect(POLL_DELAYS_MS).toHaveLength(5);
    expect(onExhausted).toHaveBeenCalledOnce();
  });

  it('stops for good once an attempt finishes, and start() does nothing after', async () => {
    const { attempt } = scripted([false, true]);
    const onExhausted = vi.fn();
    const poller = createPoller({ attempt, onExhausted });
    poller.start();
    await vi.runAllTimersAsync();
    expect(attempt).toHaveBeenCalledTimes(2);
    expect(poller.finished).toBe(true);
    poller.start();
    await vi.runAllTimersAsync();
    expect(attempt).toHaveBeenCalledTimes(2);
    expect(onExhausted).not.toHaveBeenCalled();
  });

  it('treats a failed attempt (offline) as not yet', async () => {
    const { attempt } = scripted([new Error('offline'), true]);
    const poller = createPoller({ attempt, onExhausted: vi.fn() });
    poller.start();
    await vi.runAllTimersAsync();
    expect(attempt).toHaveBeenCalledTimes(2);
    expect(poller.finished).toBe(true);
  });

  it('runs one round at a time; a focus after an exhausted round starts a new one', async () => {
    const { attempt } = scripted([false, false, false, false, false, false, true]);
    const onExhausted = vi.fn();
    const poller = createPoller({ attempt, onExhausted, delays: [0, 1_000, 2_000] });
    poller.start();
    poller.start(); // focus while the round runs: ignored
    await vi.runAllTimersAsync();
    expect(attempt).toHaveBeenCalledTimes(3);
    expect(onExhausted).toHaveBeenCalledOnce();
    poller.start();
    await vi.runAllTimersAsync();
    expect(attempt).toHaveBeenCalledTimes(6);
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(attempt).toHaveBeenCalledTimes(7);
    expect(poller.finished).toBe(true);
  });

  it('stop() cancels the round and drops an answer still under way', async () => {
    let resolve: (done: boolean) => void = () => {};
    const attempt = vi.fn(() => new Promise<boolean>((r) => (resolve = r)));
    const onExhausted = vi.fn();
    const poller = createPoller({ attempt, onExhausted });
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    poller.stop();
    resolve(true);
    await vi.runAllTimersAsync();
    expect(poller.finished).toBe(false);
    expect(attempt).toHaveBeenCalledOnce();
    expect(onExhausted).not.toHaveBeenCalled();
  });
});
