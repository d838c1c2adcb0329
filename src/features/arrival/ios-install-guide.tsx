/**
 * The iOS Safari 添加到主屏幕 guide, step by step (分享按钮 → 添加到主屏幕 → 添加): iOS has no install
 * prompt. Shown once by the arrival guides (arrival-guides.tsx) and on demand from /mine/setting.
 */
import '../start-dialogs/dialogs.css';
import { IconAddSquare, IconCheck } from '../../components/member-icons.tsx';
import { IconShare } from '../../components/post-icons.tsx';
import { Modal } from '../../components/modal.tsx';
import { arrivalMessages } from './arrival-messages.ts';

const t = arrivalMessages.ios;
const ICONS = [IconShare, IconAddSquare, IconCheck] as const;

export function IosInstallGuide({ onClose }: { onClose: () => void }) {
  return (
    <Modal
      open
      onClose={onClose}
      title={t.title}
      testId="ios-install-guide"
      className="app-dialog"
      actions={
        <button type="button" className="button button--primary" onClick={onClose}>
          {t.done}
        </button>
      }
    >
      <div className="app-dialog__hero">
        <img src="/favicon.svg" alt="" width="56" height="56" className="app-dialog__app-icon" />
        <p className="app-dialog__lead">{t.lead}</p>
      </div>
      <ol className="install-steps">
        {t.steps.map((step, index) => {
          const Icon = ICONS[index]!;
          return (
            <li key={step}>
              <Icon className="install-steps__icon" />
              {step}
            </li>
          );
        })}
      </ol>
    </Modal>
  );
}
