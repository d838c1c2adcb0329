/** The console's 订单与退款 section. Not built yet: it says 即将上线. */
import { adminMessages } from '../../admin-messages.ts';
import { NoticePage } from '../placeholder/notice-page.tsx';

export function OrdersPage() {
  return <NoticePage title={`订单与退款 · ${adminMessages.comingSoon}`} hint={adminMessages.comingSoonHint} />;
}
