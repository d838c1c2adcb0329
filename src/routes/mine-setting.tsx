/**
 * Settings (/mine/setting): the colour mode (跟随系统 / 浅色 / 深色, theme/color-mode.ts), 跳过片头片尾
 * (features/player/skip-marks-group.tsx), the
 * account (bind one on /register), clearing the local data (after a confirm, then a reload from
 * "/"), the version and the media line in use (the CDN line race's result), and logging out (the
 * member's data leaves the device, features/account/forget-member.ts; the app starts again from "/"
 * as a guest).
 */
import '../styles/mine.css';
import { useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio/react';
import { Link } from 'wouter';
import { version } from '../../package.json';
import { paths } from '../lib/route-paths.ts';
import { logOutAndForget } from '../features/account/forget-member.ts';
import { IconChevron, IconUser } from '../components/icons.tsx';
import { IconLogout, IconTrash } from '../components/member-icons.tsx';
import { ConfirmModal } from '../components/modal.tsx';
import { RadioButton } from '../components/radio-button.tsx';
import { useActiveLineName } from '../features/settings/active-line.ts';
import { clearSiteData } from '../features/settings/clear-site-data.ts';
import { settingsMessages } from '../features/settings/settings-messages.ts';
import { messages } from '../messages.ts';
import { userState } from '../stores/user.ts';
import { colorModeState, setColorMode, type ColorMode } from '../theme/color-mode.ts';
import { SkipMarksGroup } from '../features/player/skip-marks-group.tsx';
import { InstallGuideRow } from '../features/arrival/install-guide-row.tsx';

const MODES: readonly ColorMode[] = ['system', 'light', 'dark'];
const s = settingsMessages.setting;

function ColorModeGroup() {
  const { preference } = useSnapshot(colorModeState);
  return (
    <section className="card settings-group">
      <h2 className="settings-group__title" id="color-mode-label">
        {s.appearance}
      </h2>
      <div className="segmented" role="radiogroup" aria-labelledby="color-mode-label">
        {MODES.map((mode) => (
          <RadioButton
            key={mode}
            checked={preference === mode}
            className="segmented__option"
            onClick={() => setColorMode(mode)}
          >
            {messages.settings.colorModes[mode]}
          </RadioButton>
        ))}
      </div>
    </section>
  );
}

function Row({
  icon,
  label,
  hint,
  value,
  danger,
  onClick,
  href,
  testId,
}: {
  icon: ReactNode;
  label: string;
  hint?: string;
  value?: string;
  danger?: boolean;
  onClick?: () => void;
  href?: string;
  testId?: string;
}) {
  const content = (
    <>
      {icon}
      <span className="setting-row__text">
        <span>{label}</span>
        {hint && <span className="setting-row__hint">{hint}</span>}
      </span>
      {value && <span className="setting-row__value">{value}</span>}
      {(href || onClick) && <IconChevron className="setting-row__chevron" />}
    </>
  );
  const className = danger ? 'setting-row setting-row--danger' : 'setting-row';
  if (href)
    return (
      <Link href={href} className={className} data-testid={testId}>
        {content}
      </Link>
    );
  if (onClick)
    return (
      <button type="button" className={className} onClick={onClick} data-testid={testId}>
        {content}
      </button>
    );
  return (
    <div className={className} data-testid={testId}>
      {content}
    </div>
  );
}

export default function MineSettingScreen() {
  const { info } = useSnapshot(userState);
  const [confirm, setConfirm] = useState<'clear' | 'logout' | null>(null);
  const [busy, setBusy] = useState(false);
  const lineName = useActiveLineName();
  const account = info?.account ?? null;

  const clearAll = async () => {
    setBusy(true);
    await clearSiteData();
    location.replace(paths.home());
  };
  const logOut = async () => {
    setBusy(true);
    await logOutAndForget(); // reloads from "/", which says 已退出登录
  };

  return (
    <div className="settings">
      <ColorModeGroup />
      <SkipMarksGroup />
      <section className="card settings-group settings-group--rows">
        <h2 className="settings-group__title">{s.account}</h2>
        {account ? (
          <Row
            icon={<IconUser className="setting-row__icon" />}
            label={s.bindAccount}
            value={s.boundAs(account)}
            testId="bound-account"
          />
        ) : (
          <Row
            icon={<IconUser className="setting-row__icon" />}
            label={s.bindAccount}
            hint={s.bindHint}
            href={paths.register()}
            testId="bind-account"
          />
        )}
      </section>
      <section className="card settings-group settings-group--rows">
        <h2 className="settings-group__title">{s.data}</h2>
        <Row
          icon={<IconTrash className="setting-row__icon" />}
          label={s.clearData}
          hint={s.clearHint}
          onClick={() => setConfirm('clear')}
          testId="clear-data"
        />
      </section>
      <section className="card settings-group settings-group--rows">
        <h2 className="settings-group__title">{s.about}</h2>
        <InstallGuideRow />
        <Row icon={<span className="setting-row__icon" aria-hidden="true" />} label={s.version} value={`v${version}`} />
        <Row
          icon={<span className="setting-row__icon" aria-hidden="true" />}
          label={s.cdnLine}
          hint={s.cdnLineHint}
          value={lineName ?? s.cdnLineTesting}
          testId="cdn-line"
        />
      </section>
      {account && (
        <section className="card settings-group settings-group--rows">
          <Row
            icon={<IconLogout className="setting-row__icon" />}
            label={s.logout}
            danger
            onClick={() => setConfirm('logout')}
            testId="logout"
          />
        </section>
      )}

      <ConfirmModal
        open={confirm === 'clear'}
        onClose={() => setConfirm(null)}
        title={s.clearTitle}
        busy={busy}
        testId="clear-data-confirm"
        confirmLabel={s.clearConfirm}
        onConfirm={clearAll}
      >
        <p>{s.clearText}</p>
        {!account && <p className="modal__error">{s.clearUnboundWarning}</p>}
      </ConfirmModal>
      <ConfirmModal
        open={confirm === 'logout'}
        onClose={() => setConfirm(null)}
        title={s.logoutTitle}
        busy={busy}
        confirmLabel={s.logout}
        onConfirm={logOut}
        confirmTestId="logout-confirm"
      >
        <p>{s.logoutText}</p>
      </ConfirmModal>
    </div>
  );
}
