/** The console's 数据看板 section. Not built yet: it says 即将上线. */
import { adminMessages } from '../../admin-messages.ts';
import { NoticePage } from '../placeholder/notice-page.tsx';

export function DashboardPage() {
  return <NoticePage title={`数据看板 · ${adminMessages.comingSoon}`} hint={adminMessages.comingSoonHint} />;
}
