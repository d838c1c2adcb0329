/** The console's 积分与签到 section. Not built yet: it says 即将上线. */
import { adminMessages } from '../../admin-messages.ts';
import { NoticePage } from '../placeholder/notice-page.tsx';

export function PointsPage() {
  return <NoticePage title={`积分与签到 · ${adminMessages.comingSoon}`} hint={adminMessages.comingSoonHint} />;
}
