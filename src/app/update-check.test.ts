import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startUpdateChecks, UPDATE_CHECK_EVERY_MS } from './update-check.ts';

/** A stand-in for the document: its visibility and listeners. */
function fakePage() {
  const target = new EventTarget();
  const page = {
    visibilityState: 'visible' as DocumentVisibilityState,
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
  };
  const setVisibility = (state: DocumentVisibilityState) => {
    page.visibilityState = state;
    target.dispatchEvent(new Event('visibilitychange'));
  };
  return { page: page as unknown as Document, setVisibility };
}

describe('update checks', () => {
  let online = true;
  const check = vi.fn();
  let stop: () => void = () => {};

  beforeEach(() => {
    vi.useFakeTimers();
    online = true;
    check.mockReset();
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  const start = () => {
    const fake = fakePage();
    stop = startUpdateChecks({ check, isOnline: () => online, page: fake.page });
    return fake;
  };

  it('checks every 3,600,000 ms while open (docs/spec.md section 9), not before', async () => {
    expect(UPDATE_CHECK_EVERY_MS).toBe(3_600_000);
    start();
    await vi.advanceTimersByTimeAsync(3_599_999);
    expect(check).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3_600_000 * 3);
    expect(check).toHaveBeenCalledTimes(4);
  });

  it('skips the check while the browser is offline and resumes when back online', async () => {
    start();
    online = false;
    await vi.advanceTimersByTimeAsync(3_600_000 * 2);
    expect(check).not.toHaveBeenCalled();
    online = true;
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('checks on becoming visible after more than an hour without a check, not sooner', async () => {
    const { setVisibility } = start();
    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(30 * 60_000);
    setVisibility('visible');
    expect(check).not.toHaveBeenCalled();

    // A background tab's interval may not fire at all: only the return to the page catches up.
    vi.setSystemTime(Date.now() + 61 * 60_000);
    setVisibility('hidden');
    expect(check).not.toHaveBeenCalled();
    setVisibility('visible');
    expect(check).toHaveBeenCalledTimes(1);
    setVisibility('hidden');
    setVisibility('visible');
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('stops checking once stopped, and a failing check does not stop the schedule', async () => {
    check.mockRejectedValueOnce(new Error('offline'));
    start();
    await vi.advanceTimersByTimeAsync(3_600_000 * 2);
    expect(check).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(3_600_000 * 2);
    expect(check).toHaveBeenCalledTimes(2);
  });
});
