/**
 * The search box of the top bar and of the search layout: a combobox that suggests as the user
 * types (use-suggestions.ts: debounced, the stale request cancelled) in a listbox under it, chosen
 * with ↑/↓ and Enter or the pointer, closed with Esc or by leaving the field. A movie, post or user
 * suggestion opens it; a tag or a past search searches its text. Submitting records the term, then
 * opens /search/{key}. The site's top bar (`focusPanel`) shows, while the field has the focus and is
 * empty, the search history and 热门搜索 under it (search-focus-panel.tsx, loaded on first focus).
 */
import './search-form.css';
import { lazy, Suspense, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation } from 'wouter';
import type { Suggestion } from '../../../contract/calls/search.ts';
import { loadChunk } from '../../lib/load-chunk.ts';
import { paths } from '../../lib/route-paths.ts';
import { shellMessages } from '../../shell-messages.ts';
import { IconSearch } from '../../components/icons.tsx';
import { postHref } from '../posts/post-view.ts';
import { optionId, SearchSuggestions } from './search-suggestions.tsx';
import { useSearchTerm } from './use-search-term.ts';
import { useSuggestions } from './use-suggestions.ts';

/** The panel calls the API, which the boot bundle (where the bar is) does not hold. */
const SearchFocusPanel = lazy(() => loadChunk(() => import('./search-focus-panel.tsx')));

interface SearchFormProps {
  initialValue?: string;
  autoFocus?: boolean;
  /** Show a "搜索" submit button beside the field (the search layout). */
  withButton?: boolean;
  /** Show the history and hot searches while the field is focused and empty (the site's top bar). */
  focusPanel?: boolean;
}

/** Where a suggestion opens directly; null: it is searched. */
function hrefOf({ kind, id, postKind }: Suggestion): string | null {
  if (id === undefined) return null;
  if (kind === 'movie') return paths.movie(id);
  if (kind === 'user') return paths.user(id);
  if (kind === 'post' && postKind) return postHref({ kind: postKind, id });
  return null;
}

export function SearchForm({
  initialValue = '',
  autoFocus = false,
  withButton = false,
  focusPanel = false,
}: SearchFormProps) {
  const [value, setValue] = useState(initialValue);
  const [focused, setFocused] = useState(false);
  const panelShown = focusPanel && focused && value.trim() === '';
  /** The list is wanted: the user typed since the field was focused or the list closed. */
  const [open, setOpen] = useState(false);
  const { keyword, suggestions } = useSuggestions(value, open);
  // The active option belongs to the list it was chosen in; a new list starts with none.
  const [activeIn, setActiveIn] = useState<{ list: readonly Suggestion[]; index: number } | null>(null);
  const active = activeIn?.list === suggestions ? activeIn.index : -1;
  const shown = open && suggestions.length > 0;
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [, navigate] = useLocation();
  const search = useSearchTerm();

  const close = () => {
    setOpen(false);
    input.current?.blur();
  };
  const choose = (suggestion: Suggestion) => {
    close();
    const href = hrefOf(suggestion);
    if (href) navigate(href);
    else search(suggestion.text);
  };
  const searchFromPanel = (term: string) => {
    close();
    search(term);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) {
      input.current?.focus();
      return;
    }
    close();
    search(value);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return; // the keys of an input method (Enter picks its word)
    const count = suggestions.length;
    if (event.key === 'ArrowDown' && count === 0 && value.trim()) {
      setOpen(true); // reopens a list closed with Esc
    } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && count > 0) {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const from = shown ? active : -1;
      setOpen(true);
      setActiveIn({ list: suggestions, index: from === -1 && step < 0 ? count - 1 : (from + step + count) % count });
    } else if (event.key === 'Enter' && shown && active >= 0) {
      event.preventDefault();
      choose(suggestions[active]!);
    } else if (event.key === 'Escape' && shown) {
      event.preventDefault();
      setOpen(false);
    } else if (event.key === 'Escape' && panelShown) {
      event.preventDefault();
      close();
    }
  };

  return (
    <form className="search-form" role="search" onSubmit={submit}>
      {/* Focus within the box (the field, or the panel's buttons reached with Tab) keeps the panel. */}
      <div
        className="search-form__box"
        onFocus={() => setFocused(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
        }}
      >
        <label className="search-form__field">
          <IconSearch className="search-form__icon" />
          <input
            ref={input}
            className="search-form__input"
            type="search"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={shown}
            aria-controls={shown ? listId : undefined}
            aria-activedescendant={shown && active >= 0 ? optionId(listId, active) : undefined}
            autoComplete="off"
            enterKeyHint="search"
            placeholder={shellMessages.nav.searchPlaceholder}
            aria-label={shellMessages.nav.search}
            value={value}
            autoFocus={autoFocus}
            onChange={(event) => {
              setValue(event.target.value);
              setOpen(true);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => setOpen(false)}
          />
        </label>
        {shown && (
          <SearchSuggestions
            id={listId}
            keyword={keyword}
            suggestions={suggestions}
            active={active}
            onChoose={choose}
            onHover={(index) => setActiveIn({ list: suggestions, index })}
          />
        )}
        {panelShown && (
          <Suspense fallback={null}>
            <SearchFocusPanel onSearch={searchFromPanel} />
          </Suspense>
        )}
      </div>
      {withButton && (
        <button type="submit" className="search-form__submit">
          {shellMessages.nav.search}
        </button>
      )}
    </form>
  );
}
