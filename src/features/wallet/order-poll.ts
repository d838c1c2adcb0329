/**
 * Polling a deposit order after the cashier sent the user back (?order=NO): a round of attempts
 * with growing pauses (POLL_DELAYS_MS), started on return and again whenever the window regains
 * focus or becomes visible, until an attempt says it is finished (paid, or the order is unknown).
 * A round that ends unfinished reports it (the screen offers to check again). Pure of React and of
 * the API, so the schedule can be tested with fake timers; use-order-return.ts wires it up.
 */

/** Pause before each attempt of a round: at once, then 1 s, 2 s, 4 s, 8 s. */
export const POLL_DELAYS_MS: readonly number[] = [0, 1_000, 2_000, 4_000, 8_000];

export interface PollerOptions {
  /** One check; resolves true when polling is over for good. A rejection counts as "not yet". */
  attempt: () => Promise<boolean>;
  /** A round ended without the attempt finishing. */
  onExhausted: () => void;
  delays?: readonly number[];
}

export interface Poller {
  /** Starts a round unless one runs or polling finished. */
  start(): void;
  /** Cancels the running round (an attempt under way is ignored); start() may begin a new one. */
  stop(): void;
  readonly finished: boolean;
}

export function createPoller({ attempt, onExhausted, delays = POLL_DELAYS_MS }: PollerOptions): Poller {
  let generation = 0;
  let running = false;
  let finished = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const step = (index: number, round: number): void => {
    const delay = delays[index];
    if (delay === undefined) {
      running = false;
      onExhausted();
      return;
    }
    timer = setTimeout(async () => {
      let done = false;
      try {
        done = await attempt();
      } catch {
        done = false;
      }
      if (round !== generation) return; // stopped meanwhile
      if (done) {
        finished = true;
        running = false;
        return;
      }
      step(index + 1, round);
    }, delay);
  };

  return {
    start() {
      if (running || finished) return;
      running = true;
      step(0, ++generation);
    },
    stop() {
      generation += 1;
      clearTimeout(timer);
      running = false;
    },
    get finished() {
      return finished;
    },
  };
}
