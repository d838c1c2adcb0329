/**
 * The console's 数据看板 (超级管理员, 运营, 财务), the first page of the roles that have it, so its
 * code and ECharts load with the console rather than as a lazy chunk: a lazy import would need
 * Vite's preload helper, which lives in the visitors' entry file (the console must never load it).
 */
import DashboardView from './admin-dashboard-view.tsx';

export function DashboardPage() {
  return <DashboardView />;
}
