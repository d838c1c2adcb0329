/** What every start dialog receives from the dialog host (dialog-host.tsx). */
import type { PointTask } from '../../../contract/calls/member.ts';

export interface DialogProps {
  onClose: () => void;
  /** dialog16: today's check-in task. */
  task: PointTask | null;
}
