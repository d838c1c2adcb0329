/** The console's 审核 section. Not built yet: it says 即将上线. */
import { adminMessages } from '../../admin-messages.ts';
import { NoticePage } from '../placeholder/notice-page.tsx';

export function ModerationPage() {
  return <NoticePage title={`审核 · ${adminMessages.comingSoon}`} hint={adminMessages.comingSoonHint} />;
}
