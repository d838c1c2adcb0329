/**
 * /mine/setting's 添加到主屏幕 row: opens the iOS Safari guide again on demand. Shown only in iOS
 * Safari not running installed, the one browser whose steps the guide tells.
 */
import { useState } from 'react';
import { IconAddSquare } from '../../components/member-icons.tsx';
import { IconChevron } from '../../components/icons.tsx';
import { isStandalone } from '../../lib/platform.ts';
import { arrivalMessages } from './arrival-messages.ts';
import { isIosSafari } from './browser-kind.ts';
import { IosInstallGuide } from './ios-install-guide.tsx';

const t = arrivalMessages.ios;

export function InstallGuideRow() {
  const [open, setOpen] = useState(false);
  const [applies] = useState(
    () =>
      typeof navigator !== 'undefined' && isIosSafari(navigator.userAgent, navigator.maxTouchPoints) && !isStandalone(),
  );
  if (!applies) return null;
  return (
    <>
      <button type="button" className="setting-row" onClick={() => setOpen(true)} data-testid="install-guide-row">
        <IconAddSquare className="setting-row__icon" />
        <span className="setting-row__text">
          <span>{t.settingRow}</span>
          <span className="setting-row__hint">{t.settingHint}</span>
        </span>
        <IconChevron className="setting-row__chevron" />
      </button>
      {open && <IosInstallGuide onClose={() => setOpen(false)} />}
    </>
  );
}
