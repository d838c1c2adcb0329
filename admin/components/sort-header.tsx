/**
 * A sortable column's heading: a `<th>` with aria-sort holding a button (reached and pressed from
 * the keyboard) that says the column and ▲ (ascending) or ▼ (descending) when the list is sorted by
 * it (↕ in grey when not). A click sorts by the column descending first and turns it on the next click (list-sort.ts).
 * A column of numbers (`numeric`) is right-aligned as its cells are (table.css, .table__num).
 * Styles: styles/pager.css.
 */
import '../styles/pager.css';
import { adminMessages } from '../admin-messages.ts';
import { nextSort, type ListSort } from './list-sort.ts';

const text = adminMessages.sort;

export function SortHeader({
  label,
  column,
  sort,
  onSort,
  numeric = false,
}: {
  label: string;
  column: string;
  sort: { column: string; dir: 'asc' | 'desc' } | null;
  onSort: (next: { column: string; dir: 'asc' | 'desc' }) => void;
  numeric?: boolean;
}) {
  const dir = sort?.column === column ? sort.dir : null;
  const className = ['sort-header', dir && 'sort-header--active', numeric && 'table__num'].filter(Boolean).join(' ');
  return (
    <th className={className} aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none'}>
      <button
        className="sort-header__button"
        type="button"
        title={dir ? `${text.by(label)}（${dir === 'asc' ? text.asc : text.desc}）` : text.by(label)}
        onClick={() => onSort(nextSort(sort as ListSort | null, column))}
      >
        {label}
        <span className="sort-header__mark" aria-hidden="true">
          {dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : '↕'}
        </span>
      </button>
    </th>
  );
}
