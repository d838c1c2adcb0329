/** What a movie costs to watch in full: "VIP", "N 金币", or nothing for a free one. */
import type { MovieAccess } from '../../../contract/calls/content.ts';
import { messages } from '../../messages.ts';

export function AccessBadge({
  access,
  priceCoins,
  className = '',
}: {
  access: MovieAccess;
  priceCoins: number;
  className?: string;
}) {
  if (access === 'vip')
    return <span className={`media-badge media-badge--vip ${className}`.trim()}>{messages.content.vip}</span>;
  if (access === 'coins')
    return (
      <span className={`media-badge media-badge--coins ${className}`.trim()}>{messages.content.coins(priceCoins)}</span>
    );
  return null;
}
