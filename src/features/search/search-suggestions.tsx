/**
 * The suggestions listbox under the search field (search-form.tsx owns the combobox and the keys):
 * each option the suggestion's text with the typed keyword marked, and what it is (影片, 帖子, 用户,
 * 标签; a past search shows none). Options take the pointer without taking the focus from the field.
 */
import type { Suggestion } from '../../../contract/calls/search.ts';
import { shellMessages } from '../../shell-messages.ts';
import { IconSearch } from '../../components/icons.tsx';
import { HighlightedText } from './highlighted-text.tsx';

interface SearchSuggestionsProps {
  id: string;
  keyword: string;
  suggestions: readonly Suggestion[];
  active: number;
  onChoose: (suggestion: Suggestion) => void;
  onHover: (index: number) => void;
}

/** The DOM id of an option, for aria-activedescendant. */
export const optionId = (listId: string, index: number): string => `${listId}-option-${index}`;

export function SearchSuggestions({ id, keyword, suggestions, active, onChoose, onHover }: SearchSuggestionsProps) {
  const kinds = shellMessages.suggestions.kinds;
  return (
    <ul className="search-suggest" id={id} role="listbox" aria-label={shellMessages.suggestions.heading}>
      {suggestions.map((suggestion, index) => (
        <li
          key={`${suggestion.kind}:${suggestion.id ?? suggestion.text}`}
          id={optionId(id, index)}
          role="option"
          aria-selected={index === active}
          className={`search-suggest__option${index === active ? ' is-active' : ''}`}
          data-kind={suggestion.kind}
          onMouseDown={(event) => event.preventDefault()}
          onMouseMove={() => index !== active && onHover(index)}
          onClick={() => onChoose(suggestion)}
        >
          <IconSearch className="search-suggest__icon" aria-hidden="true" />
          <span className="search-suggest__text">
            <HighlightedText text={suggestion.text} terms={[keyword]} />
          </span>
          {suggestion.kind !== 'query' && <span className="search-suggest__kind">{kinds[suggestion.kind]}</span>}
        </li>
      ))}
    </ul>
  );
}
