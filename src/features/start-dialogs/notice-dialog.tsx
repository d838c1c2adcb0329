/** dialog: the site notice on the home page, at most once a day. */
import { dialogMessages } from './dialog-messages.ts';
import { shellMessages } from '../../shell-messages.ts';
import { useSiteInfo } from '../../stores/site.ts';
import { IconCheck } from '../../components/member-icons.tsx';
import { Modal } from '../../components/modal.tsx';
import type { DialogProps } from './dialog-props.ts';

const t = dialogMessages.dialogs.notice;

export function NoticeDialog({ onClose }: DialogProps) {
  const info = useSiteInfo();
  return (
    <Modal
      open
      onClose={onClose}
      title={t.title(info?.title ?? shellMessages.app.fallbackTitle)}
      testId="dialog-notice"
      className="app-dialog"
      actions={
        <button type="button" className="button button--primary" onClick={onClose}>
          {t.ok}
        </button>
      }
    >
      {info?.description && <p className="app-dialog__lead">{info.description}</p>}
      <ul className="app-dialog__list">
        {t.items.map((item) => (
          <li key={item}>
            <IconCheck className="app-dialog__check" />
            {item}
          </li>
        ))}
      </ul>
    </Modal>
  );
}
