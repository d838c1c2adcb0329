/**
 * The console's one confirmation: an in-app dialog (the console dialog, never the browser's own
 * `confirm`) asking a question before an action that is hard to take back. `ask` resolves true when
 * the operator confirms, false when they cancel; render `dialog` where the page renders its own.
 */
import { useCallback, useState, type ReactNode } from 'react';
import { adminMessages } from '../admin-messages.ts';
import { ConsoleDialog } from './console-dialog.tsx';

export interface Question {
  title: string;
  text: string;
  /** The confirming button's label, e.g. 停用. */
  confirm: string;
  /** The other button's label; 取消 unless given (继续编辑). */
  cancel?: string;
}

export function useConfirm(): { dialog: ReactNode; ask: (question: Question) => Promise<boolean> } {
  const [asking, setAsking] = useState<{ question: Question; answer: (yes: boolean) => void } | null>(null);
  const ask = useCallback(
    (question: Question) => new Promise<boolean>((resolve) => setAsking({ question, answer: resolve })),
    [],
  );
  const answer = (yes: boolean) => {
    asking?.answer(yes);
    setAsking(null);
  };
  const dialog = asking && (
    <ConsoleDialog
      title={asking.question.title}
      onClose={() => answer(false)}
      onSubmit={() => answer(true)}
      busy={false}
      error={null}
      submitLabel={asking.question.confirm}
      cancelLabel={asking.question.cancel ?? adminMessages.cancel}
      tone="danger"
      testId="confirm-dialog"
    >
      <p>{asking.question.text}</p>
    </ConsoleDialog>
  );
  return { dialog, ask };
}
