/**
 * The signed-in console: the left menu of the operator's role; at the top the operator (role and
 * sites by name), 修改密码 and 退出; the page.
 */
import './shell.css';
import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import type { AdminSession } from '../../contract/admin/session.ts';
import { adminMessages, ROLE_LABELS } from '../admin-messages.ts';
import { ChangePasswordDialog } from '../session/change-password-dialog.tsx';
import { signOut } from '../session/session-store.ts';
import { sitesLabel, useSiteChoices } from '../session/site-choices.ts';
import { sectionsOf } from './menu.ts';

export function ConsoleShell({ session, children }: { session: AdminSession; children: ReactNode }) {
  const [location] = useLocation();
  const [leaving, setLeaving] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);
  const { operator } = session;
  const sites = useSiteChoices();
  return (
    <div className="console">
      <nav className="console__menu" aria-label={adminMessages.shell.menu}>
        <div className="console__brand">{adminMessages.title}</div>
        <ul className="console__entries">
          {sectionsOf(operator.role).map((section) => (
            <li key={section.path}>
              <Link
                href={section.path}
                className={location.startsWith(section.path) ? 'console__entry is-active' : 'console__entry'}
                aria-current={location.startsWith(section.path) ? 'page' : undefined}
              >
                {section.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="console__main">
        <header className="console__top">
          <span className="console__operator" data-testid="operator">
            <strong>{operator.username}</strong>
            <span className="console__role">{ROLE_LABELS[operator.role]}</span>
            <span className="console__sites">{sitesLabel(sites, operator.siteIds)}</span>
          </span>
          <span className="console__actions">
            <button className="button" type="button" onClick={() => setChangingPassword(true)}>
              {adminMessages.shell.changePassword}
            </button>
            <button
              className="button"
              type="button"
              disabled={leaving}
              onClick={() => {
                setLeaving(true);
                signOut().finally(() => setLeaving(false));
              }}
            >
              {leaving ? adminMessages.shell.signingOut : adminMessages.shell.signOut}
            </button>
          </span>
        </header>
        <main className="console__page">{children}</main>
        {changingPassword && (
          <ChangePasswordDialog username={operator.username} onClose={() => setChangingPassword(false)} />
        )}
      </div>
    </div>
  );
}
