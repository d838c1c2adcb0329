/**
 * The pickers of the release page: the forum group (one of the groups under the /forum root of
 * the app-wide category list) and the tags (up to TAGS_MAX of the hot tags), as rows of chips.
 */
import { TAGS_MAX } from '../../../contract/calls/publish-limits.ts';
import { releaseMessages as t } from './publish-messages.ts';
import { categoryByRoute, useAppInit } from '../../stores/app-init.ts';

interface Choice<V> {
  value: V;
  label: string;
}

interface ChipsProps<V> {
  choices: readonly Choice<V>[];
  selected: readonly V[];
  onToggle: (value: V) => void;
  label: string;
  /** Toggle buttons (tags) rather than one radio choice (the group). */
  multiple: boolean;
}

function Chips<V extends string | number>({ choices, selected, onToggle, label, multiple }: ChipsProps<V>) {
  return (
    <div className="choice-chips" role={multiple ? 'group' : 'radiogroup'} aria-label={label}>
      {choices.map((choice) => {
        const on = selected.includes(choice.value);
        return (
          <button
            key={choice.value}
            type="button"
            role={multiple ? undefined : 'radio'}
            aria-checked={multiple ? undefined : on}
            aria-pressed={multiple ? on : undefined}
            className={`choice-chip${on ? ' is-on' : ''}`}
            onClick={() => onToggle(choice.value)}
          >
            {choice.label}
          </button>
        );
      })}
    </div>
  );
}

export function GroupPicker({ value, onChange }: { value: number | null; onChange: (topicId: number) => void }) {
  const { categories } = useAppInit();
  const groups = (categoryByRoute('/forum', categories)?.childList ?? []).flatMap((group) =>
    group.topicId === null ? [] : [{ value: group.topicId, label: group.name }],
  );
  return (
    <Chips
      choices={groups}
      selected={value === null ? [] : [value]}
      onToggle={onChange}
      label={t.group}
      multiple={false}
    />
  );
}

export function TagPicker({ value, onChange }: { value: readonly string[]; onChange: (tags: string[]) => void }) {
  const { hotTags } = useAppInit();
  const toggle = (key: string) => {
    if (value.includes(key)) onChange(value.filter((tag) => tag !== key));
    else if (value.length < TAGS_MAX) onChange([...value, key]);
  };
  const choices = hotTags.map((tag) => ({ value: tag.key, label: `#${tag.name}` }));
  return <Chips choices={choices} selected={value} onToggle={toggle} label={t.tags} multiple />;
}
