/**
 * A list's numbered pages: 上一页, 1 … 4 5 [6] 7 8 … 20, 下一页 and 跳至 [n] 页 (the numbers shown
 * are pager-items.ts's). The current page is marked aria-current="page"; every control waits while
 * `busy`. Nothing is shown for a list of one page. Styles: styles/pager.css.
 */
import '../styles/pager.css';
import { useState, type FormEvent } from 'react';
import { adminMessages } from '../admin-messages.ts';
import { pagerItems } from './pager-items.ts';

const text = adminMessages.pager;

export function Pager({
  page,
  pages,
  busy,
  onPage,
}: {
  page: number;
  pages: number;
  busy: boolean;
  onPage: (page: number) => void;
}) {
  const [jump, setJump] = useState('');
  if (pages <= 1) return null;

  const go = (wanted: number) => {
    const next = Math.min(Math.max(1, wanted), pages);
    if (next !== page) onPage(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wanted = Number(jump);
    if (!Number.isInteger(wanted) || jump.trim() === '') return;
    setJump('');
    go(wanted);
  };

  return (
    <nav className="pager" aria-label={text.label}>
      <button className="button pager__button" type="button" disabled={busy || page <= 1} onClick={() => go(page - 1)}>
        {text.previous}
      </button>
      {pagerItems(page, pages).map((item, index) =>
        item === 'gap' ? (
          <span key={`gap-${index}`} className="pager__gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={item}
            className={item === page ? 'button pager__button pager__button--current' : 'button pager__button'}
            type="button"
            aria-label={text.page(item)}
            aria-current={item === page ? 'page' : undefined}
            disabled={busy && item !== page}
            onClick={() => go(item)}
          >
            {item}
          </button>
        ),
      )}
      <button
        className="button pager__button"
        type="button"
        disabled={busy || page >= pages}
        onClick={() => go(page + 1)}
      >
        {text.next}
      </button>
      <form className="pager__jump" onSubmit={submit}>
        <label className="pager__jump-label">
          {text.jumpBefore}
          <input
            className="field__input pager__jump-input"
            type="number"
            inputMode="numeric"
            min={1}
            max={pages}
            aria-label={text.jumpLabel(pages)}
            value={jump}
            onChange={(event) => setJump(event.target.value)}
          />
          {text.jumpAfter}
        </label>
        <button className="button pager__button" type="submit" disabled={busy || jump.trim() === ''}>
          {text.go}
        </button>
      </form>
    </nav>
  );
}
