/** 标签: the chosen tags as removable chips, and every tag as a checkbox list filtered by typing. */
import { useMemo, useState } from 'react';
import type { TagBrief } from '../../../contract/calls/content.ts';
import { catalogueMessages as text } from './catalogue-messages.ts';

const SHOWN = 80;

export function TagPicker({
  tags,
  chosen,
  onChange,
}: {
  tags: TagBrief[];
  chosen: number[];
  onChange: (ids: number[]) => void;
}) {
  const [filter, setFilter] = useState('');
  const byId = useMemo(() => new Map(tags.map((tag) => [tag.id, tag])), [tags]);
  const shown = useMemo(() => {
    const wanted = filter.trim().toLowerCase();
    return tags.filter((tag) => !wanted || tag.name.toLowerCase().includes(wanted)).slice(0, SHOWN);
  }, [tags, filter]);
  const toggle = (id: number) => onChange(chosen.includes(id) ? chosen.filter((x) => x !== id) : [...chosen, id]);

  return (
    <div className="tag-picker">
      <div className="tag-picker__chosen">
        {chosen.map((id) => (
          <button key={id} type="button" className="tag-picker__chip" onClick={() => toggle(id)}>
            {byId.get(id)?.name ?? `#${id}`} <span aria-hidden="true">×</span>
          </button>
        ))}
      </div>
      <input
        className="field__input"
        type="search"
        aria-label={text.fields.tagsFilter}
        placeholder={text.fields.tagsFilter}
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
      />
      <div className="tag-picker__list">
        {shown.map((tag) => (
          <label key={tag.id} className="tag-picker__option">
            <input type="checkbox" checked={chosen.includes(tag.id)} onChange={() => toggle(tag.id)} />
            {tag.name}
          </label>
        ))}
      </div>
    </div>
  );
}
