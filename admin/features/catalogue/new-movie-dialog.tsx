/** 新建影片: a title and a category make a draft; its editor opens next. */
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { CategoryOption } from '../../../contract/admin/catalogue.ts';
import { AdminApiError } from '../../api/admin-client.ts';
import { ConsoleDialog } from '../../components/console-dialog.tsx';
import { createMovie } from './catalogue-calls.ts';
import { catalogueMessages } from './catalogue-messages.ts';

const text = catalogueMessages.newDialog;

export function NewMovieDialog({ categories, onClose }: { categories: CategoryOption[]; onClose: () => void }) {
  const [, navigate] = useLocation();
  const [title, setTitle] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit() {
    setBusy(true);
    setError(null);
    try {
      const movie = await createMovie({ title: title.trim(), categoryId: Number(categoryId) || 0 });
      navigate(`/${movie.id}`);
    } catch (failure) {
      setError(
        failure instanceof AdminApiError
          ? { field: failure.field, message: failure.message }
          : { message: String(failure) },
      );
      setBusy(false);
    }
  }

  return (
    <ConsoleDialog
      title={text.heading}
      onClose={onClose}
      onSubmit={() => void submit()}
      busy={busy}
      error={error && error.field !== 'title' && error.field !== 'categoryId' ? error.message : null}
      submitLabel={text.submit}
      cancelLabel={text.cancel}
    >
      <label className="field">
        <span className="field__label">{text.title}</span>
        <input className="field__input" value={title} autoFocus onChange={(event) => setTitle(event.target.value)} />
        {error?.field === 'title' && <span className="catalogue-error">{error.message}</span>}
      </label>
      <label className="field">
        <span className="field__label">{text.category}</span>
        <select className="field__input" value={categoryId} onChange={(event) => setCategoryId(event.target.value)}>
          <option value="" />
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.path}
            </option>
          ))}
        </select>
        {error?.field === 'categoryId' && <span className="catalogue-error">{error.message}</span>}
      </label>
    </ConsoleDialog>
  );
}
