/**
 * The console's sections and who sees them: 超级管理员 every one; 运营 content, settings and the
 * dashboard; 审核 moderation and users (mute, ban); 财务 orders, users (ledgers, adjustments) and
 * the dashboard. The server holds the same rules (403).
 */
import type { OperatorRole } from '../../contract/admin/session.ts';

export interface Section {
  path: string;
  label: string;
  roles: readonly OperatorRole[];
}

export const SECTIONS: readonly Section[] = [
  { path: '/dashboard', label: '数据看板', roles: ['super', 'ops', 'finance'] },
  { path: '/content', label: '影片', roles: ['super', 'ops'] },
  { path: '/supply', label: '资源采集', roles: ['super', 'ops'] },
  { path: '/taxonomy', label: '分类与标签', roles: ['super', 'ops'] },
  { path: '/moderation', label: '审核', roles: ['super', 'moderator'] },
  { path: '/users', label: '用户', roles: ['super', 'moderator', 'finance'] },
  { path: '/orders', label: '订单与退款', roles: ['super', 'finance'] },
  { path: '/settings', label: '站点设置', roles: ['super', 'ops'] },
  { path: '/points', label: '积分与签到', roles: ['super', 'ops'] },
  { path: '/operators', label: '操作员', roles: ['super'] },
  { path: '/audit', label: '审计日志', roles: ['super'] },
];

export const sectionsOf = (role: OperatorRole): Section[] => SECTIONS.filter((section) => section.roles.includes(role));
