/** The console's 用户 section. Not built yet: it says 即将上线. */
import { adminMessages } from '../../admin-messages.ts';
import { NoticePage } from '../placeholder/notice-page.tsx';

export function UsersPage() {
  return <NoticePage title={`用户 · ${adminMessages.comingSoon}`} hint={adminMessages.comingSoonHint} />;
}
