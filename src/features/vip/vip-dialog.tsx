/** dialog9: the VIP offer for a member who is not VIP, at most every 2 days; shows the lowest plan price. */
import { navigate } from 'wouter/use-browser-location';
import { getVipPlans } from './vip-calls.ts';
import { paths } from '../../lib/route-paths.ts';
import { formatYuan } from '../../lib/money.ts';
import { useResource } from '../../components/hooks/use-resource.ts';
import { dialogMessages } from '../start-dialogs/dialog-messages.ts';
import { IconCrown } from '../../components/member-icons.tsx';
import { Modal } from '../../components/modal.tsx';
import type { DialogProps } from '../start-dialogs/dialog-props.ts';

const t = dialogMessages.dialogs.vip;

export function VipDialog({ onClose }: DialogProps) {
  const plans = useResource('vip-plans', () => getVipPlans({ toast: false }));
  const lowest =
    plans.data?.reduce<number | null>(
      (low, plan) => (low === null || plan.priceFen < low ? plan.priceFen : low),
      null,
    ) ?? null;
  const go = () => {
    onClose();
    navigate(paths.mineVip());
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={t.title}
      testId="dialog-vip"
      className="app-dialog app-dialog--vip"
      actions={
        <>
          <button type="button" className="button button--ghost" onClick={onClose}>
            {dialogMessages.dialogs.later}
          </button>
          <button type="button" className="button button--primary" onClick={go}>
            {t.go}
          </button>
        </>
      }
    >
      <div className="app-dialog__hero">
        <IconCrown className="app-dialog__crown" />
        <p className="app-dialog__lead">{t.text}</p>
        <p className="app-dialog__price">{lowest === null ? '\u00a0' : t.from(formatYuan(lowest))}</p>
      </div>
    </Modal>
  );
}
