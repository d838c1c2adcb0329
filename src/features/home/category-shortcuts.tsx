/**
 * Category shortcuts of the home page: the top-level sections (电影, 论坛 …, by their route) and the
 * movie genres (their category page), each with its icon from the server's icon names.
 */
import { Link } from 'wouter';
import type { CategoryNode } from '../../../contract/calls/content.ts';
import { paths } from '../../lib/route-paths.ts';
import { DataIcon } from '../../components/data-icon.tsx';

/** A section with a route opens that route; any other category its category page. */
export const categoryHref = (node: Pick<CategoryNode, 'categoryId' | 'route'>): string =>
  node.route ?? paths.category(node.categoryId);

type Shortcut = Pick<CategoryNode, 'categoryId' | 'route' | 'name' | 'icon'>;

export function CategoryShortcuts({ nodes, label }: { nodes: readonly Shortcut[]; label: string }) {
  return (
    <nav className="shortcuts" aria-label={label}>
      {nodes.map((node, i) => (
        <Link
          key={node.categoryId}
          href={categoryHref(node)}
          className={`shortcuts__item shortcuts__item--hue${i % 6}`}
        >
          <span className="shortcuts__icon">
            <DataIcon
              name={node.icon}
              size={24}
              fallback={<span className="shortcuts__initial">{node.name.slice(0, 1)}</span>}
            />
          </span>
          <span className="shortcuts__label">{node.name}</span>
        </Link>
      ))}
    </nav>
  );
}
