/** The inbox (/mine/message): 回复我的, @我的, 收到的赞, 系统通知 and the push settings. */
import '../styles/member.css';
import { useSnapshot } from 'valtio/react';
import { PageLoading } from '../components/page-loading.tsx';
import { Inbox } from '../features/notifications/inbox.tsx';
import { userState } from '../stores/user.ts';

export default function MineMessageScreen() {
  const { info } = useSnapshot(userState);
  if (!info) return <PageLoading />;
  return <Inbox userId={info.id} />;
}
