/**
 * Upload speed and time left for the progress bar: bytes per second over the last few seconds
 * (a sliding window, so a pause or a burst does not skew it for long), and the remaining bytes at
 * that speed. Times are passed in, so it is pure.
 */
const WINDOW_MS = 5_000;

export class TransferMeter {
  private samples: { at: number; bytes: number }[] = [];

  /** Notes that `bytes` more were sent at `at` (ms). */
  add(bytes: number, at: number): void {
    this.samples.push({ at, bytes });
    this.samples = this.samples.filter((sample) => sample.at > at - WINDOW_MS);
  }

  /** Forgets the history (after a pause, the speed starts afresh). */
  reset(): void {
    this.samples = [];
  }

  /** Bytes per second over the window ending at `now`; 0 until there is something to measure. */
  speed(now: number): number {
    const recent = this.samples.filter((sample) => sample.at > now - WINDOW_MS);
    if (recent.length === 0) return 0;
    const span = Math.max(1_000, now - recent[0]!.at);
    return (recent.reduce((sum, sample) => sum + sample.bytes, 0) * 1000) / span;
  }

  /** Seconds left for `remaining` bytes at the current speed; null while unknown. */
  secondsLeft(remaining: number, now: number): number | null {
    const speed = this.speed(now);
    return speed > 0 ? Math.ceil(remaining / speed) : null;
  }
}

/** Bytes for people: "812 KB", "12.5 MB", "1.20 GB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(0, Math.round(bytes / 1024))} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}
