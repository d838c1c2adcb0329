/**
 * A task done every `everyMs` where the job workers run (the sweep of pending orders, the
 * collection schedule): one round at a time (a round still going when the next is due is not
 * started twice), a failed round logged and the next one tried, and stopping waits for the round in
 * flight. The timer does not keep the process alive.
 */
export class Rounds {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly everyMs: number,
    private readonly round: (now: number) => Promise<unknown>,
    private readonly failed: (error: unknown) => void,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.running ??= this.round(Date.now())
        .catch(this.failed)
        .finally(() => (this.running = undefined));
    }, this.everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
