import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DEFAULT_DURATION_MS, TOAST_MAX_VISIBLE, dismissToast, showToast, toastState } from './toast.ts';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  for (const toast of [...toastState.queue]) dismissToast(toast.id);
  vi.useRealTimers();
});

describe('toast queue', () => {
  it(`hides a toast after ${TOAST_DEFAULT_DURATION_MS} ms by default`, () => {
    showToast('网络连接失败', { kind: 'error' });
    expect(toastState.queue.map((toast) => toast.message)).toEqual(['网络连接失败']);
    vi.advanceTimersByTime(TOAST_DEFAULT_DURATION_MS - 1);
    expect(toastState.queue).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toastState.queue).toHaveLength(0);
  });

  it('honours a custom duration', () => {
    showToast('x', { duration: 5000 });
    vi.advanceTimersByTime(4999);
    expect(toastState.queue).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toastState.queue).toHaveLength(0);
  });

  it('merges a repeat of the newest message and restarts its timer', () => {
    const first = showToast('同一条');
    vi.advanceTimersByTime(1500);
    expect(showToast('同一条')).toBe(first);
    expect(toastState.queue).toHaveLength(1);
    vi.advanceTimersByTime(1500);
    expect(toastState.queue).toHaveLength(1);
    vi.advanceTimersByTime(500);
    expect(toastState.queue).toHaveLength(0);
  });

  it(`shows at most ${TOAST_MAX_VISIBLE}, dropping the oldest`, () => {
    for (const message of ['1', '2', '3', '4']) showToast(message);
    expect(toastState.queue.map((toast) => toast.message)).toEqual(['2', '3', '4']);
  });
});
