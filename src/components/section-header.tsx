/** A content section's title with an optional link to the full list ("更多", or `moreLabel`). */
import '../styles/content.css';
import { Link } from 'wouter';
import { messages } from '../messages.ts';
import { IconChevron } from './icons.tsx';

export function SectionHeader({
  title,
  href,
  id,
  moreLabel = messages.content.more,
}: {
  title: string;
  href?: string;
  id?: string;
  moreLabel?: string;
}) {
  return (
    <div className="section-header">
      <h2 className="section-header__title" id={id}>
        {title}
      </h2>
      {href && (
        <Link href={href} className="section-header__more">
          {moreLabel}
          <IconChevron className="section-header__chevron" />
        </Link>
      )}
    </div>
  );
}
