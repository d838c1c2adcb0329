/** The users (/user) as cards, by infinite scroll. */
import '../styles/directory.css';
import { getUserPage } from '../features/users/user-calls.ts';
import { PagedList } from '../components/paged-list.tsx';
import { UserCard } from '../features/users/user-card.tsx';
import { messages } from '../messages.ts';

export default function UserListScreen() {
  return (
    <div className="user-list">
      <PagedList
        cacheKey="users"
        fetchPage={(page, size, cursor) => getUserPage(page, size, cursor)}
        keyOf={(user) => user.id}
        render={(user) => <UserCard user={user} />}
        layout="list"
        skeleton={{ count: 6 }}
        empty={<p className="empty-state">{messages.users.empty}</p>}
      />
    </div>
  );
}
