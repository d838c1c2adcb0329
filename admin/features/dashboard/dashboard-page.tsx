/**
 * The console's 数据看板 (超级管理员, 运营, 财务). Its code (and ECharts with it) loads only when the
 * page opens: the view is a chunk of its own, named admin-* like every console file so the visitors'
 * service worker never precaches it, and the console's first load stays small.
 */
import { lazy, Suspense } from 'react';
import { dashboardMessages as text } from './dashboard-messages.ts';

const DashboardView = lazy(() => import('./admin-dashboard-view.tsx'));

export function DashboardPage() {
  return (
    <Suspense
      fallback={
        <section>
          <h1 className="page-title">{text.title}</h1>
          <p className="dash-status">{text.loadingCharts}</p>
        </section>
      }
    >
      <DashboardView />
    </Suspense>
  );
}
