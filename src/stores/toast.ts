/**
 * Toast queue (docs/spec.md section 9: 2000 ms by default). At most three are visible; a message equal to
 * the newest one restarts its timer instead of stacking a duplicate (several failing calls at once
 * show one "网络连接失败").
 */
import { proxy } from 'valtio/vanilla';

export const TOAST_DEFAULT_DURATION_MS = 2_000;
export const TOAST_MAX_VISIBLE = 3;

export type ToastKind = 'info' | 'success' | 'error';

export interface Toast {
  id: number;
  message: string;
  kind: ToastKind;
}

export interface ToastOptions {
  kind?: ToastKind;
  duration?: number;
}

export const toastState = proxy<{ queue: Toast[] }>({ queue: [] });

const timers = new Map<number, ReturnType<typeof setTimeout>>();
let nextId = 1;

export function dismissToast(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  const index = toastState.queue.findIndex((toast) => toast.id === id);
  if (index >= 0) toastState.queue.splice(index, 1);
}

function scheduleDismiss(id: number, duration: number): void {
  clearTimeout(timers.get(id));
  timers.set(
    id,
    setTimeout(() => dismissToast(id), duration),
  );
}

/** Shows a message; returns its id. */
export function showToast(
  message: string,
  { kind = 'info', duration = TOAST_DEFAULT_DURATION_MS }: ToastOptions = {},
): number {
  const newest = toastState.queue.at(-1);
  if (newest && newest.message === message && newest.kind === kind) {
    scheduleDismiss(newest.id, duration);
    return newest.id;
  }
  const id = nextId++;
  toastState.queue.push({ id, message, kind });
  while (toastState.queue.length > TOAST_MAX_VISIBLE) {
    const oldest = toastState.queue[0];
    if (oldest) dismissToast(oldest.id);
  }
  scheduleDismiss(id, duration);
  return id;
}
