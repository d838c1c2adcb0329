/**
 * The category tree (three levels) as an expandable view: each root is a card with its icon and
 * description and its children listed below; a child with children of its own expands to show
 * them as chips. Every name links to its category page. Roots start expanded, children collapsed.
 */
import '../../styles/directory.css';
import { useState } from 'react';
import { Link } from 'wouter';
import type { CategoryNode } from '../../../contract/calls/content.ts';
import { paths } from '../../lib/route-paths.ts';
import { messages } from '../../messages.ts';
import { DataIcon } from '../../components/data-icon.tsx';
import { IconChevron } from '../../components/icons.tsx';

/** The fields the tree shows; readonly, so the app-wide store's snapshot fits. */
type TreeNode = Readonly<Pick<CategoryNode, 'categoryId' | 'name' | 'icon' | 'description'>> & {
  readonly childList: readonly TreeNode[];
};

export function CategoryTree({ nodes }: { nodes: readonly TreeNode[] }) {
  const [toggled, setToggled] = useState<ReadonlySet<number>>(new Set());
  const flip = (id: number) =>
    setToggled((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  // Roots are open unless toggled; deeper nodes are closed unless toggled.
  const isOpen = (node: TreeNode, depth: number) => (depth === 0) !== toggled.has(node.categoryId);

  return (
    <ul className="category-tree">
      {nodes.map((root) => (
        <li key={root.categoryId} className="category-root card" data-testid="category-root">
          <div className="category-root__head">
            <DataIcon name={root.icon} size={28} className="category-root__icon" />
            <Link href={paths.category(root.categoryId)} className="category-root__text">
              <span className="category-root__name">{root.name}</span>
              {root.description && <span className="category-root__desc">{root.description}</span>}
            </Link>
            {root.childList.length > 0 && <Toggle node={root} open={isOpen(root, 0)} onFlip={flip} />}
          </div>
          {root.childList.length > 0 && isOpen(root, 0) && (
            <ul className="category-children" id={`category-${root.categoryId}`}>
              {root.childList.map((child) => (
                <li key={child.categoryId} className="category-child">
                  <div className="category-child__head">
                    <Link href={paths.category(child.categoryId)} className="category-child__name">
                      {child.name}
                    </Link>
                    {child.childList.length > 0 && (
                      <>
                        <span className="category-child__count">
                          {messages.categories.childCount(child.childList.length)}
                        </span>
                        <Toggle node={child} open={isOpen(child, 1)} onFlip={flip} />
                      </>
                    )}
                  </div>
                  {child.childList.length > 0 && isOpen(child, 1) && (
                    <ul className="category-leaves" id={`category-${child.categoryId}`}>
                      {child.childList.map((leaf) => (
                        <li key={leaf.categoryId}>
                          <Link href={paths.category(leaf.categoryId)} className="chip">
                            {leaf.name}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}

function Toggle({ node, open, onFlip }: { node: TreeNode; open: boolean; onFlip: (id: number) => void }) {
  return (
    <button
      type="button"
      className={`category-toggle${open ? ' is-open' : ''}`}
      aria-expanded={open}
      aria-controls={`category-${node.categoryId}`}
      aria-label={open ? messages.categories.collapse(node.name) : messages.categories.expand(node.name)}
      onClick={() => onFlip(node.categoryId)}
    >
      <IconChevron className="category-toggle__icon" />
    </button>
  );
}
