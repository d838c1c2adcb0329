/**
 * Who may watch a movie in full and read a priced post in full: free items for everyone, VIP
 * movies for VIP users, any item its buyer purchased with coins (purchases.ts), a post for its author.
 */
import type { Queryable } from './db.ts';
import type { MovieRow } from './movies.ts';
import { hasPurchased } from './purchases.ts';
import type { User } from './users.ts';

export const isVip = (user: User | null, now: number = Date.now()): boolean =>
  user?.vipExpireAt != null && user.vipExpireAt.getTime() > now;

/** Free movies for everyone; VIP movies for VIP users; any movie once purchased. */
export async function canPlayInFull(
  q: Queryable,
  user: User | null,
  movie: Pick<MovieRow, 'id' | 'access'>,
): Promise<boolean> {
  if (movie.access === 'free') return true;
  if (!user) return false;
  if (movie.access === 'vip' && isVip(user)) return true;
  return hasPurchased(q, user.id, 'movie', movie.id);
}

/** Unpriced posts for everyone; a priced one for its author and once purchased. */
export async function canReadInFull(
  q: Queryable,
  user: User | null,
  post: { id: number; priceCoins: number; authorId: number | null },
): Promise<boolean> {
  if (post.priceCoins === 0) return true;
  if (!user) return false;
  if (post.authorId === user.id) return true;
  return hasPurchased(q, user.id, 'post', post.id);
}
