/** The console's pages by path (under /admin), each open to the roles of its menu entry (shell/menu.ts). */
import type { ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import type { OperatorRole } from '../contract/admin/session.ts';
import { adminMessages } from './admin-messages.ts';
import { AuditPage } from './features/audit/audit-page.tsx';
import { NoticePage } from './features/placeholder/notice-page.tsx';
import { SECTIONS, sectionsOf } from './shell/menu.ts';

const PAGES: Record<string, () => ReactNode> = { '/audit': () => <AuditPage /> };

export function ConsoleRoutes({ role }: { role: OperatorRole }) {
  const first = sectionsOf(role)[0];
  return (
    <Switch>
      <Route path="/">
        {first ? <Redirect to={first.path} replace /> : <NoticePage title={adminMessages.forbidden} />}
      </Route>
      {SECTIONS.map((section) => (
        <Route key={section.path} path={section.path} nest>
          {!section.roles.includes(role) ? (
            <NoticePage title={adminMessages.forbidden} hint={adminMessages.forbiddenHint} />
          ) : section.comingSoon || !PAGES[section.path] ? (
            <NoticePage title={`${section.label} · ${adminMessages.comingSoon}`} hint={adminMessages.comingSoonHint} />
          ) : (
            PAGES[section.path]!()
          )}
        </Route>
      ))}
      <Route>
        <NoticePage title={adminMessages.notFound} />
      </Route>
    </Switch>
  );
}
