/** The 审计日志 page's strings. */
import { zoned } from '../../components/console-time.ts';
export const auditMessages = {
  title: '审计日志',
  action: '操作',
  operator: '操作员',
  anyOperator: '全部操作员',
  actionPlaceholder: '如 session.signIn',
  apply: '筛选',
  clear: '清除',
  columns: {
    at: zoned('时间'),
    operator: '操作员',
    action: '操作',
    target: '对象',
    address: '地址',
    change: '变更（前 → 后）',
  },
  system: '系统',
  empty: '没有符合条件的记录',
  more: '加载更多',
  loadingMore: '加载中…',
  end: '已经到底了',
};
