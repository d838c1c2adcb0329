/**
 * The console's pages by path (under /admin), each open to the roles of its menu entry (shell/menu.ts).
 * Each page's code loads when it is first opened (the console's first page carries only its own).
 */
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import type { OperatorRole } from '../contract/admin/session.ts';
import { loadChunk } from '../src/lib/load-chunk.ts';
import { adminMessages } from './admin-messages.ts';
import { PageBoundary } from './components/page-boundary.tsx';
import { NoticePage } from './features/placeholder/notice-page.tsx';
import { SECTIONS, sectionsOf } from './shell/menu.ts';

/** A page module's named component, loaded on first use. */
const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((module) => ({ default: module[name] })));

const DashboardPage = page(() => loadChunk(() => import('./features/dashboard/dashboard-page.tsx')), 'DashboardPage');
const CataloguePage = page(() => loadChunk(() => import('./features/catalogue/catalogue-page.tsx')), 'CataloguePage');
const TaxonomyPage = page(() => loadChunk(() => import('./features/taxonomy/taxonomy-page.tsx')), 'TaxonomyPage');
const ModerationPage = page(
  () => loadChunk(() => import('./features/moderation/moderation-page.tsx')),
  'ModerationPage',
);
const UsersPage = page(() => loadChunk(() => import('./features/money/users-page.tsx')), 'UsersPage');
const OrdersPage = page(() => loadChunk(() => import('./features/money/orders-page.tsx')), 'OrdersPage');
const SettingsPage = page(() => loadChunk(() => import('./features/settings/settings-page.tsx')), 'SettingsPage');
const PointsPage = page(() => loadChunk(() => import('./features/points/points-page.tsx')), 'PointsPage');
const OperatorsPage = page(() => loadChunk(() => import('./features/operators/operators-page.tsx')), 'OperatorsPage');
const AuditPage = page(() => loadChunk(() => import('./features/audit/audit-page.tsx')), 'AuditPage');

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
            <PageBoundary key={section.path}>
              <Suspense fallback={<p className="table__status">{adminMessages.loading}</p>}>
                {PAGES[section.path]!()}
              </Suspense>
            </PageBoundary>
          )}
        </Route>
      ))}
      <Route>
        <NoticePage title={adminMessages.notFound} />
      </Route>
    </Switch>
  );
}
