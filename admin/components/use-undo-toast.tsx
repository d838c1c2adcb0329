/**
 * The console's one undo: after a change to many rows at once, a toast at the bottom says what was
 * done with 撤销 beside it for UNDO_SECONDS; 撤销 runs the change back and says whether it did.
 * Render `toast` where the page renders its own.
 */
import './undo-toast.css';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { adminMessages } from '../admin-messages.ts';
import { messageOf } from './use-load.ts';

export const UNDO_SECONDS = 10;

interface Shown {
  message: string;
  undo: (() => Promise<void>) | null;
  busy: boolean;
}

export function useUndoToast(): { toast: ReactNode; show: (message: string, undo: () => Promise<void>) => void } {
  const [shown, setShown] = useState<Shown | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const hideLater = useCallback((seconds: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setShown(null), seconds * 1000);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = useCallback(
    (message: string, undo: () => Promise<void>) => {
      setShown({ message, undo, busy: false });
      hideLater(UNDO_SECONDS);
    },
    [hideLater],
  );

  async function runUndo(undo: () => Promise<void>) {
    clearTimeout(timer.current);
    setShown((current) => current && { ...current, busy: true });
    let message: string = adminMessages.undone;
    try {
      await undo();
    } catch (failure) {
      message = adminMessages.undoFailed(messageOf(failure));
    }
    setShown({ message, undo: null, busy: false });
    hideLater(UNDO_SECONDS / 2);
  }

  const toast = shown && (
    <div className="undo-toast" role="status">
      <span>{shown.message}</span>
      {shown.undo && (
        <button
          className="undo-toast__button"
          type="button"
          disabled={shown.busy}
          onClick={() => void runUndo(shown.undo!)}
        >
          {adminMessages.undo}
        </button>
      )}
    </div>
  );
  return { toast, show };
}
