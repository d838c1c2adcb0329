/**
 * The bar over a list while rows are chosen (components/use-selection.ts): how many (`已选 3 部`),
 * the list's own actions on them all (its children), and 取消选择. Nothing while none is chosen.
 * Its styles are the tables' (styles/table.css, .bulk-bar).
 */
import type { ReactNode } from 'react';
import { adminMessages } from '../admin-messages.ts';

export function BulkBar({
  count,
  unit,
  onClear,
  children,
}: {
  count: number;
  /** What the rows are counted in: 部 (titles), 条 (items). */
  unit: string;
  onClear: () => void;
  children: ReactNode;
}) {
  if (count === 0) return null;
  const label = adminMessages.bulk.selected(count, unit);
  return (
    <div className="bulk-bar" role="toolbar" aria-label={label}>
      <span>{label}</span>
      {children}
      <button className="button" type="button" onClick={onClear}>
        {adminMessages.bulk.clear}
      </button>
    </div>
  );
}
