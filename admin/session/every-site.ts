/**
 * Whether the signed-in operator may change what every site shares: the categories, tags and
 * featured collections, the dictionary, the titles, the sensitive words. The server refuses such
 * changes from an operator limited to some sites (siteIds not null; server/admin/guards.ts
 * `requireEverySite`), so the console does not offer them and says why
 * (adminMessages.everySite) instead.
 */
import { useSession } from './session-store.ts';

export function useEverySite(): boolean {
  const session = useSession();
  return session.status === 'signedIn' && session.session.operator.siteIds === null;
}
