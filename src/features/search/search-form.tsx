/** The search box of the top bar and of the search layout: records the term, then opens /search/{key}. */
import { useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../../lib/route-paths.ts';
import { messages } from '../../messages.ts';
import { addSearchTerm } from '../../stores/user.ts';
import { IconSearch } from '../../components/icons.tsx';

interface SearchFormProps {
  initialValue?: string;
  autoFocus?: boolean;
  /** Show a "搜索" submit button beside the field (the search layout). */
  withButton?: boolean;
}

export function SearchForm({ initialValue = '', autoFocus = false, withButton = false }: SearchFormProps) {
  const [value, setValue] = useState(initialValue);
  const input = useRef<HTMLInputElement>(null);
  const [, navigate] = useLocation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const term = value.trim();
    if (!term) {
      input.current?.focus();
      return;
    }
    addSearchTerm(term);
    input.current?.blur();
    navigate(paths.search(term));
  };

  return (
    <form className="search-form" role="search" onSubmit={submit}>
      <label className="search-form__field">
        <IconSearch className="search-form__icon" />
        <input
          ref={input}
          className="search-form__input"
          type="search"
          enterKeyHint="search"
          placeholder={messages.nav.searchPlaceholder}
          aria-label={messages.nav.search}
          value={value}
          autoFocus={autoFocus}
          onChange={(event) => setValue(event.target.value)}
        />
      </label>
      {withButton && (
        <button type="submit" className="search-form__submit">
          {messages.nav.search}
        </button>
      )}
    </form>
  );
}
