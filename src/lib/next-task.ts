/**
 * Resolves in a later task, so that the browser may paint and handle input in between: the
 * continuation of a long piece of work cut into slices (docs/performance.md: TBT).
 * `scheduler.yield()` where the browser has it (its continuation goes before other queued tasks),
 * else a message to ourselves (setTimeout would be clamped to 4 ms when nested).
 */
interface YieldingScheduler {
  yield(): Promise<void>;
}

export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<YieldingScheduler> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
