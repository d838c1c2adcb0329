/**
 * The console's pages by path (under /admin), each open to the roles of its menu entry (shell/menu.ts).
 * Each page's code loads when it is first opened (the console's first page carries only its own).
 */
import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import type { OperatorRole } from '../contract/admin/session.ts';
import { pageTitle } from '../contract/page-head.ts';
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
const SupplyPage = page(() => loadChunk(() => import('./features/supply/supply-page.tsx')), 'SupplyPage');
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
  '/supply': () => <SupplyPage />,
  '/taxonomy': () => <TaxonomyPage />,
  '/moderation': () => <ModerationPage />,
  '/users': () => <UsersPage />,
  '/orders': () => <OrdersPage />,
  '/settings': () => <SettingsPage />,
  '/points': () => <PointsPage />,
  '/operators': () => <OperatorsPage />,
  '/audit': () => <AuditPage />,
};

/** The tab's title while a section is open, e.g. 订单与退款 - 运营后台 (history entries and tabs read right). */
function TabTitle({ section }: { section: string }) {
  useEffect(() => {
    document.title = pageTitle(adminMessages.title, section);
    return () => {
      document.title = adminMessages.title;
    };
  }, [section]);
  return null;
}

export function ConsoleRoutes({ role }: { role: OperatorRole }) {
  const first = sectionsOf(role)[0];
  return (
    <Switch>
      <Route path="/">
        {first ? <Redirect to={first.path} replace /> : <NoticePage title={adminMessages.forbidden} />}
      </Route>
      {SECTIONS.map((section) => (
        <Route key={section.path} path={section.path} nest>
          <TabTitle section={section.label} />
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
