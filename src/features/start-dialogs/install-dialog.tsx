/**
 * dialog4: add the site to the home screen, at most every 3 days, never when already running
 * installed: Chromium's (Android, desktop) captured beforeinstallprompt's prompt(). Acting on it
 * records the user store's downloadTime. iOS Safari has no prompt: its step-by-step guide is
 * features/arrival/ios-install-guide.tsx, shown once per device and from 设置.
 */
import { dialogMessages } from './dialog-messages.ts';
import { setDownloadTime } from '../../stores/user.ts';
import { Modal } from '../../components/modal.tsx';
import type { DialogProps } from './dialog-props.ts';
import { capturedInstallPrompt, forgetInstallPrompt } from './install-prompt.ts';

const t = dialogMessages.dialogs.install;

export function InstallDialog({ onClose }: DialogProps) {
  const install = async () => {
    const prompt = capturedInstallPrompt();
    setDownloadTime();
    onClose();
    if (!prompt) return;
    forgetInstallPrompt(); // a prompt can be used once
    await prompt.prompt().catch(() => undefined);
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={t.title}
      testId="dialog-install"
      className="app-dialog"
      actions={
        <>
          <button type="button" className="button button--ghost" onClick={onClose}>
            {dialogMessages.dialogs.later}
          </button>
          <button type="button" className="button button--primary" onClick={install}>
            {t.install}
          </button>
        </>
      }
    >
      <div className="app-dialog__hero">
        <img src="/favicon.svg" alt="" width="56" height="56" className="app-dialog__app-icon" />
        <p className="app-dialog__lead">{t.text}</p>
      </div>
    </Modal>
  );
}
