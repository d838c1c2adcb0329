/**
 * Tags as a wrapping list of chips linking to /tag/{key}. Hot tags (Tag.hot) are highlighted;
 * with `showCount` each chip carries how many items have the tag.
 */
import '../../styles/directory.css';
import { Link } from 'wouter';
import type { Tag, TagBrief } from '../../../contract/calls/content.ts';
import { paths } from '../../lib/route-paths.ts';
import { formatCount } from '../../lib/format.ts';
import { messages } from '../../messages.ts';

const isHot = (tag: TagBrief | Tag): boolean => 'hot' in tag && tag.hot;

export function TagChips({
  tags,
  showCount = false,
  label,
}: {
  tags: readonly (TagBrief | Tag)[];
  showCount?: boolean;
  label?: string;
}) {
  return (
    <ul className="tag-chips" aria-label={label}>
      {tags.map((tag) => (
        <li key={tag.key}>
          <Link
            href={paths.tag(tag.key)}
            className={`tag-chip${isHot(tag) ? ' tag-chip--hot' : ''}`}
            data-testid="tag-chip"
          >
            <span className="tag-chip__hash" aria-hidden="true">
              #
            </span>
            {tag.name}
            {isHot(tag) && <span className="tag-chip__hot">{messages.tags.hot}</span>}
            {showCount && 'count' in tag && <span className="tag-chip__count">{formatCount(tag.count)}</span>}
          </Link>
        </li>
      ))}
    </ul>
  );
}
