/** The console's 分类与标签 section. Not built yet: it says 即将上线. */
import { adminMessages } from '../../admin-messages.ts';
import { NoticePage } from '../placeholder/notice-page.tsx';

export function TaxonomyPage() {
  return <NoticePage title={`分类与标签 · ${adminMessages.comingSoon}`} hint={adminMessages.comingSoonHint} />;
}
