/**
 * A list's selection for a change to many rows at once: the ids chosen among `ids` (the rows shown),
 * emptied whenever `resetKey` changes (a new page or filter starts with none). `chosen` is the
 * selection as it stands on the rows shown, in their order; 全选 chooses every row shown, or none
 * when all already are. The bar above the rows is components/bulk-bar.tsx.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';

export interface Selection<Id> {
  chosen: Id[];
  has: (id: Id) => boolean;
  toggle: (id: Id) => void;
  /** Whether every row shown is chosen (none shown: false). */
  allChosen: boolean;
  toggleAll: () => void;
  clear: () => void;
}

export function useSelection<Id extends string | number>(ids: readonly Id[], resetKey: unknown): Selection<Id> {
  const [selected, setSelected] = useState<ReadonlySet<Id>>(() => new Set());
  useEffect(() => setSelected(new Set()), [resetKey]);
  const chosen = useMemo(() => ids.filter((id) => selected.has(id)), [ids, selected]);
  const allChosen = ids.length > 0 && chosen.length === ids.length;
  const toggle = useCallback(
    (id: Id) =>
      setSelected((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  const clear = useCallback(() => setSelected(new Set()), []);
  return {
    chosen,
    has: (id) => selected.has(id),
    toggle,
    allChosen,
    toggleAll: () => setSelected(allChosen ? new Set() : new Set(ids)),
    clear,
  };
}
