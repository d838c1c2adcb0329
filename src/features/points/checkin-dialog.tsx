/**
 * dialog16: the check-in reminder when today's check-in can be claimed, at most once a day. 立即签到
 * claims it here (src/features/points/claim-points.ts; claimed meanwhile counts as done) and says what it gave.
 */
import { useState } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { paths } from '../../lib/route-paths.ts';
import { claimPoints } from './claim-points.ts';
import { pointsMessages } from './points-messages.ts';
import { dialogMessages } from '../start-dialogs/dialog-messages.ts';
import { showToast } from '../../stores/toast.ts';
import { IconCalendar, IconCheck } from '../../components/member-icons.tsx';
import { Modal } from '../../components/modal.tsx';
import type { DialogProps } from '../start-dialogs/dialog-props.ts';

const t = dialogMessages.dialogs.checkin;

export function CheckinDialog({ onClose, task }: DialogProps) {
  const [state, setState] = useState<{ busy: boolean; gained: number | null }>({ busy: false, gained: null });
  const points = task?.points ?? 0;

  const claim = async () => {
    if (!task) return onClose();
    setState({ busy: true, gained: null });
    try {
      setState({ busy: false, gained: await claimPoints(task.id) });
    } catch (error) {
      showToast(error instanceof Error ? error.message : String(error), { kind: 'error' });
      onClose();
    }
  };
  const toMall = () => {
    onClose();
    navigate(paths.mineMall());
  };

  const done = state.gained !== null;
  return (
    <Modal
      open
      onClose={onClose}
      title={t.title}
      dismissible={!state.busy}
      testId="dialog-checkin"
      className="app-dialog"
      actions={
        done ? (
          <>
            <button type="button" className="button button--ghost" onClick={onClose}>
              {dialogMessages.dialogs.close}
            </button>
            <button type="button" className="button button--primary" onClick={toMall}>
              {t.toMall}
            </button>
          </>
        ) : (
          <>
            <button type="button" className="button button--ghost" onClick={onClose} disabled={state.busy}>
              {dialogMessages.dialogs.later}
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={claim}
              disabled={state.busy}
              data-testid="checkin-claim"
            >
              {t.go}
            </button>
          </>
        )
      }
    >
      <div className="app-dialog__hero">
        <span className={done ? 'app-dialog__badge is-done' : 'app-dialog__badge'} aria-hidden="true">
          {done ? <IconCheck /> : <IconCalendar />}
        </span>
        <p className="app-dialog__lead" role="status">
          {done ? (state.gained! > 0 ? t.done(state.gained!) : pointsMessages.mall.alreadyClaimed) : t.text(points)}
        </p>
      </div>
    </Modal>
  );
}
