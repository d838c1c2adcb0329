/**
 * The check boxes of a list whose rows can be chosen (components/use-selection.ts): the heading's
 * 全选 and each row's own, named by the row (`选择 父辈人生`). A row's box does not open the row when
 * the row itself is a link. Styles: styles/table.css (.table__check).
 */
import { adminMessages } from '../admin-messages.ts';
import type { Selection } from './use-selection.ts';

export function SelectAllHeader<Id extends string | number>({ selection }: { selection: Selection<Id> }) {
  return (
    <th className="table__check">
      <input
        type="checkbox"
        aria-label={adminMessages.bulk.selectAll}
        checked={selection.allChosen}
        onChange={selection.toggleAll}
      />
    </th>
  );
}

export function SelectRowCell<Id extends string | number>({
  selection,
  id,
  name,
}: {
  selection: Selection<Id>;
  id: Id;
  /** What the row is called to a screen reader: its title, order number or nickname. */
  name: string;
}) {
  return (
    <td className="table__check" onClick={(event) => event.stopPropagation()}>
      <input
        type="checkbox"
        aria-label={adminMessages.bulk.select(name)}
        checked={selection.has(id)}
        onChange={() => selection.toggle(id)}
      />
    </td>
  );
}
