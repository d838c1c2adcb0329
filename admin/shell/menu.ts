/**
 * The console's sections and who sees them: 超级管理员 every one; 运营 content, settings and the
 * dashboard; 审核 moderation; 财务 orders and the dashboard. The server holds the same rules (403).
 */
import type { OperatorRole } from '../../contract/admin/session.ts';

export interface Section {
  path: string;
  label: string;
  roles: readonly OperatorRole[];
  /** Built in a later step: the page says 即将上线. */
  comingSoon?: boolean;
}

export const SECTIONS: readonly Section[] = [
  { path: '/content', label: '内容', roles: ['super', 'ops'], comingSoon: true },
  { path: '/moderation', label: '审核', roles: ['super', 'moderator'], comingSoon: true },
  { path: '/orders', label: '订单与退款', roles: ['super', 'finance'], comingSoon: true },
  { path: '/settings', label: '站点设置', roles: ['super', 'ops'], comingSoon: true },
  { path: '/dashboard', label: '数据看板', roles: ['super', 'ops', 'finance'], comingSoon: true },
  { path: '/operators', label: '操作员', roles: ['super'], comingSoon: true },
  { path: '/audit', label: '审计日志', roles: ['super'] },
];

export const sectionsOf = (role: OperatorRole): Section[] => SECTIONS.filter((section) => section.roles.includes(role));
