/**
 * dialog4: add the site to the home screen, at most every 3 days, never when already running
 * installed. iOS has no prompt: the share-sheet steps (点击分享按钮 → 添加到主屏幕). Chromium
 * (Android, desktop): the captured beforeinstallprompt's prompt(). Acting on it records the user
 * store's downloadTime.
 */
import { currentPlatform } from '../../lib/platform.ts';
import { dialogMessages } from './dialog-messages.ts';
import { setDownloadTime } from '../../stores/user.ts';
import { IconAddSquare, IconShare } from '../../components/member-icons.tsx';
import { Modal } from '../../components/modal.tsx';
import type { DialogProps } from './dialog-props.ts';
import { capturedInstallPrompt, forgetInstallPrompt } from './install-prompt.ts';

const t = dialogMessages.dialogs.install;

export function InstallDialog({ onClose }: DialogProps) {
  const ios = currentPlatform() === 'ios';
  const install = async () => {
    const prompt = capturedInstallPrompt();
    setDownloadTime();
    onClose();
    if (!prompt) return;
    forgetInstallPrompt(); // a prompt can be used once
    await prompt.prompt().catch(() => undefined);
  };
  const added = () => {
    setDownloadTime();
    onClose();
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
          <button type="button" className="button button--primary" onClick={ios ? added : install}>
            {ios ? t.iosDone : t.install}
          </button>
        </>
      }
    >
      <div className="app-dialog__hero">
        <img src="/favicon.svg" alt="" width="56" height="56" className="app-dialog__app-icon" />
        <p className="app-dialog__lead">{t.text}</p>
      </div>
      {ios && (
        <ol className="install-steps">
          <li>
            <IconShare className="install-steps__icon" />
            {t.iosStep1}
          </li>
          <li>
            <IconAddSquare className="install-steps__icon" />
            {t.iosStep2}
          </li>
        </ol>
      )}
    </Modal>
  );
}
