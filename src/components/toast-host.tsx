/** Renders the toast queue of stores/toast.ts, announced politely to screen readers. */
import { useSnapshot } from 'valtio/react';
import { toastState } from '../stores/toast.ts';

export function ToastHost() {
  const { queue } = useSnapshot(toastState);
  return (
    <div className="toast-host" role="status" aria-live="polite">
      {queue.map((toast) => (
        <div key={toast.id} className={`toast toast--${toast.kind}`}>
          {toast.message}
        </div>
      ))}
    </div>
  );
}
