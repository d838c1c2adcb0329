/** The console's 操作员 section. Not built yet: it says 即将上线. */
import { adminMessages } from '../../admin-messages.ts';
import { NoticePage } from '../placeholder/notice-page.tsx';

export function OperatorsPage() {
  return <NoticePage title={`操作员 · ${adminMessages.comingSoon}`} hint={adminMessages.comingSoonHint} />;
}
