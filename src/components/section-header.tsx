/** A content section's title with an optional "更多" link to the full list. */
import '../styles/content.css';
import { Link } from 'wouter';
import { messages } from '../messages.ts';
import { IconChevron } from './icons.tsx';

export function SectionHeader({ title, href, id }: { title: string; href?: string; id?: string }) {
  return (
    <div className="section-header">
      <h2 className="section-header__title" id={id}>
        {title}
      </h2>
      {href && (
        <Link href={href} className="section-header__more">
          {messages.content.more}
          <IconChevron className="section-header__chevron" />
        </Link>
      )}
    </div>
  );
}
