/** The console's pages by path (under /admin), each open to the roles of its menu entry (shell/menu.ts). */
import type { ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import type { OperatorRole } from '../contract/admin/session.ts';
import { adminMessages } from './admin-messages.ts';
import { AuditPage } from './features/audit/audit-page.tsx';
import { CataloguePage } from './features/catalogue/catalogue-page.tsx';
import { DashboardPage } from './features/dashboard/dashboard-page.tsx';
import { ModerationPage } from './features/moderation/moderation-page.tsx';
import { OrdersPage } from './features/money/orders-page.tsx';
import { UsersPage } from './features/money/users-page.tsx';
import { OperatorsPage } from './features/operators/operators-page.tsx';
import { NoticePage } from './features/placeholder/notice-page.tsx';
import { PointsPage } from './features/points/points-page.tsx';
import { SettingsPage } from './features/settings/settings-page.tsx';
import { TaxonomyPage } from './features/taxonomy/taxonomy-page.tsx';
import { SECTIONS, sectionsOf } from './shell/menu.ts';

const PAGES: Record<string, () => ReactNode> = {
  '/dashboard': () => <DashboardPage />,
  '/content': () => <CataloguePage />,
  '/taxonomy': () => <TaxonomyPage />,
  '/moderation': () => <ModerationPage />,
  '/users': () => <UsersPage />,
  '/orders': () => <OrdersPage />,
  '/settings': () => <SettingsPage />,
  '/points': () => <PointsPage />,
  '/operators': () => <OperatorsPage />,
  '/audit': () => <AuditPage />,
};

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
