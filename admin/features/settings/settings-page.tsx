/** The console's 站点设置 section. Not built yet: it says 即将上线. */
import { adminMessages } from '../../admin-messages.ts';
import { NoticePage } from '../placeholder/notice-page.tsx';

export function SettingsPage() {
  return <NoticePage title={`站点设置 · ${adminMessages.comingSoon}`} hint={adminMessages.comingSoonHint} />;
}
