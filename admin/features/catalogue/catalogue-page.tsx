/** The console's 影片 section. Not built yet: it says 即将上线. */
import { adminMessages } from '../../admin-messages.ts';
import { NoticePage } from '../placeholder/notice-page.tsx';

export function CataloguePage() {
  return <NoticePage title={`影片 · ${adminMessages.comingSoon}`} hint={adminMessages.comingSoonHint} />;
}
