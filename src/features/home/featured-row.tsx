/** Featured collections in a horizontal row of 16:9 covers (swipe on phones, wrapping grid on desktop). */
import { Link } from 'wouter';
import type { FeaturedCard } from '../../../contract/calls/content.ts';
import { paths } from '../../lib/route-paths.ts';
import { messages } from '../../messages.ts';
import { MediaImage } from '../../components/media-image.tsx';

export function FeaturedRow({ items }: { items: readonly FeaturedCard[] }) {
  return (
    <div className="featured-row">
      {items.map((item) => (
        <Link key={item.id} href={paths.featured(item.id)} className="featured-card">
          <MediaImage mediaKey={item.cover} alt="" ratio="16/9" />
          <span className="featured-card__shade" aria-hidden="true" />
          <span className="featured-card__text">
            <span className="featured-card__title">{item.title}</span>
            <span className="featured-card__count">{messages.homeSections.featuredItems(item.itemCount)}</span>
          </span>
        </Link>
      ))}
    </div>
  );
}
