/**
 * A title's editor (/admin/content/:id): every field in groups (基本信息 with 别名, 语言 and 评分,
 * 连载与备注, 分类与标签, 演职人员, 播放权限, 片头片尾), 保存 sending only what changed with the
 * server's error beside its field, the publication card (立即发布 / 下架 / 定时发布), the poster with
 * its crop, the episodes, and 删除影片 for a title visitors cannot see.
 */
import './catalogue.css';
import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { AdminMovie, MovieOptions, MoviePatch } from '../../../contract/admin/catalogue.ts';
import type { MovieAccess } from '../../../contract/calls/content.ts';
import { adminMessages } from '../../admin-messages.ts';
import { AdminApiError } from '../../api/admin-client.ts';
import { useLeaveGuard } from '../../components/use-leave-guard.tsx';
import { fetchMovie, fetchOptions, patchMovie } from './catalogue-calls.ts';
import { ACCESS_LABELS, FINISHED_LABELS, catalogueMessages as text } from './catalogue-messages.ts';
import { formOf, patchOf, rebaseForm, type EditorForm, type FieldError } from './editor-form.ts';
import { useEverySite } from '../../session/every-site.ts';
import { DeleteCard } from './delete-card.tsx';
import { EpisodesPanel } from './episodes-panel.tsx';
import { PosterPanel } from './poster-panel.tsx';
import { PublishCard } from './publish-card.tsx';
import { TagPicker } from './tag-picker.tsx';

/** Fields whose errors show beside their inputs; the publication card shows its own. */
const FORM_FIELDS = new Set([
  'title',
  'description',
  'region',
  'year',
  'categoryId',
  'tagIds',
  'castNames',
  'directors',
  'access',
  'priceCoins',
  'trialS',
  'durationS',
  'introEndS',
  'outroStartS',
  'finished',
  'remarks',
  'alias',
  'language',
  'score',
  'totalEpisodes',
]);
const PUBLICATION_FIELDS = new Set(['status', 'publishedAt']);

const inputId = (name: string) => `movie-field-${name}`;

/** The line under a field saying what goes in it. */
const HINTS: Partial<Record<keyof EditorForm, string>> = {
  remarks: text.fields.remarksHint,
  alias: text.fields.aliasHint,
  language: text.fields.languageHint,
  score: text.fields.scoreHint,
  totalEpisodes: text.fields.totalEpisodesHint,
};

const errorOf = (failure: unknown): FieldError =>
  failure instanceof AdminApiError
    ? { field: (failure.field ?? '').split('.')[0]!, message: failure.message }
    : { field: '', message: failure instanceof Error ? failure.message : adminMessages.loadFailed };

export function MovieEditor({ id }: { id: number }) {
  const [movie, setMovie] = useState<AdminMovie | null>(null);
  const [options, setOptions] = useState<MovieOptions | null>(null);
  const [form, setForm] = useState<EditorForm | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [error, setError] = useState<FieldError | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  // Titles are shared by every site: only an operator of all of them may delete one.
  const deletes = useEverySite();

  /** The title as last read or saved (what the form's unedited fields show). */
  const stored = useRef<AdminMovie | null>(null);

  const show = useCallback((next: AdminMovie) => {
    stored.current = next;
    setMovie(next);
    setForm(formOf(next));
  }, []);

  /**
   * A change of the panels or a reload: the fields not edited follow the title (a transcoded
   * episode sets its 时长); a refusal to publish may no longer hold.
   */
  const changed = useCallback((next: AdminMovie) => {
    const before = stored.current;
    stored.current = next;
    setMovie(next);
    if (before) setForm((current) => current && rebaseForm(current, before, next));
    setError((current) => (current && PUBLICATION_FIELDS.has(current.field) ? null : current));
  }, []);

  const reload = useCallback(async () => {
    try {
      const next = await fetchMovie(id);
      changed(next);
      setForm((current) => current ?? formOf(next));
    } catch (failure) {
      setLoadError(errorOf(failure).message);
    }
  }, [id, changed]);

  useEffect(() => {
    void reload();
    fetchOptions().then(setOptions, () => setOptions({ categories: [], tags: [] }));
  }, [reload]);

  const built = movie && form ? patchOf(form, movie) : null;
  const dirty = built !== null && ('error' in built || Object.keys(built.patch).length > 0);
  const leaveDialog = useLeaveGuard(dirty);

  if (loadError) {
    return (
      <section className="catalogue">
        <Link href="/">{text.back}</Link>
        <p className="table__status table__status--error" role="alert">
          {loadError}
        </p>
      </section>
    );
  }
  if (!movie || !form || !built) return <p className="table__status">{adminMessages.loading}</p>;

  const set = (change: Partial<EditorForm>) => {
    setForm({ ...form, ...change });
    setSaved(false);
  };

  async function send(patch: MoviePatch) {
    setBusy(true);
    setError(null);
    try {
      show(await patchMovie(id, patch));
      return true;
    } catch (failure) {
      setError(errorOf(failure));
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!built) return;
    if ('error' in built) return setError(built.error);
    if (Object.keys(built.patch).length === 0) return;
    setSaved(await send(built.patch));
  }

  // The error sits beside the input, outside its label, and describes it.
  const field = (name: keyof EditorForm, label: string, input: ReactNode, wide = false) => (
    <div className={`field${wide ? ' catalogue-form__wide' : ''}`}>
      <label className="field__label" htmlFor={inputId(name)}>
        {label}
      </label>
      {input}
      {HINTS[name] && (
        <span className="field__hint" id={`${inputId(name)}-hint`}>
          {HINTS[name]}
        </span>
      )}
      {error?.field === name && (
        <span className="catalogue-error" id={`${inputId(name)}-error`} role="alert">
          {error.message}
        </span>
      )}
    </div>
  );
  const described = (name: keyof EditorForm) => ({
    id: inputId(name),
    name,
    'aria-invalid': error?.field === name || undefined,
    'aria-describedby':
      [error?.field === name && `${inputId(name)}-error`, HINTS[name] && `${inputId(name)}-hint`]
        .filter(Boolean)
        .join(' ') || undefined,
  });
  const textInput = (name: keyof EditorForm, extra: Record<string, unknown> = {}) => (
    <input
      className="field__input"
      {...described(name)}
      value={form[name] as string}
      onChange={(event) => set({ [name]: event.target.value })}
      {...extra}
    />
  );

  const radios = <T,>(
    name: keyof EditorForm,
    label: string,
    options: ReadonlyArray<readonly [T, string]>,
    pick: (value: T) => void,
  ) => (
    <div className="field catalogue-form__wide" role="radiogroup" aria-label={label}>
      <span className="field__label">{label}</span>
      <div className="catalogue-form__radios">
        {options.map(([value, optionLabel]) => (
          <label key={String(value)} className="catalogue-form__radio">
            <input type="radio" name={name} checked={form[name] === value} onChange={() => pick(value)} />
            {optionLabel}
          </label>
        ))}
      </div>
      {error?.field === name && <span className="catalogue-error">{error.message}</span>}
    </div>
  );

  return (
    <section className="catalogue catalogue-editor">
      {leaveDialog}
      <Link className="catalogue-editor__back" href="/">
        {text.back}
      </Link>
      <h1 className="page-title">
        {movie.title} <span className="catalogue__id">#{movie.id}</span>
      </h1>
      <div className="catalogue-editor__columns">
        <form className="catalogue-form" onSubmit={save} noValidate>
          <fieldset className="catalogue-form__group">
            <legend>{text.groups.basic}</legend>
            {field('title', text.fields.title, textInput('title', { maxLength: 100 }), true)}
            {field('alias', text.fields.alias, textInput('alias', { maxLength: 100 }), true)}
            {field(
              'description',
              text.fields.description,
              <textarea
                className="field__input catalogue-form__textarea"
                {...described('description')}
                value={form.description}
                onChange={(event) => set({ description: event.target.value })}
              />,
              true,
            )}
            {field('region', text.fields.region, textInput('region'))}
            {field('year', text.fields.year, textInput('year', { inputMode: 'numeric' }))}
            {field('language', text.fields.language, textInput('language', { maxLength: 20 }))}
            {field('score', text.fields.score, textInput('score', { inputMode: 'decimal', placeholder: '8.5' }))}
          </fieldset>

          <fieldset className="catalogue-form__group">
            <legend>{text.groups.serial}</legend>
            {radios('finished', text.fields.finished, FINISHED_LABELS, (finished) => set({ finished }))}
            {field(
              'remarks',
              text.fields.remarks,
              textInput('remarks', { maxLength: 20, placeholder: '更新至第12集' }),
            )}
            {field('totalEpisodes', text.fields.totalEpisodes, textInput('totalEpisodes', { inputMode: 'numeric' }))}
          </fieldset>

          <fieldset className="catalogue-form__group">
            <legend>{text.groups.taxonomy}</legend>
            {field(
              'categoryId',
              text.fields.category,
              <select
                className="field__input"
                {...described('categoryId')}
                value={form.categoryId}
                onChange={(event) => set({ categoryId: event.target.value })}
              >
                {!options?.categories.some((c) => String(c.id) === form.categoryId) && (
                  <option value={form.categoryId}>{movie.categoryPath.map((c) => c.name).join(' / ')}</option>
                )}
                {options?.categories.map((category) => (
                  <option key={category.id} value={category.id}>
                    {category.path}
                  </option>
                ))}
              </select>,
              true,
            )}
            <div className="field catalogue-form__wide">
              <span className="field__label">{text.fields.tags}</span>
              <TagPicker tags={options?.tags ?? []} chosen={form.tagIds} onChange={(tagIds) => set({ tagIds })} />
              {error?.field === 'tagIds' && <span className="catalogue-error">{error.message}</span>}
            </div>
          </fieldset>

          <fieldset className="catalogue-form__group">
            <legend>{text.groups.people}</legend>
            {field(
              'castNames',
              text.fields.castNames,
              textInput('castNames', { placeholder: text.fields.peopleHint }),
              true,
            )}
            {field(
              'directors',
              text.fields.directors,
              textInput('directors', { placeholder: text.fields.peopleHint }),
              true,
            )}
          </fieldset>

          <fieldset className="catalogue-form__group">
            <legend>{text.groups.access}</legend>
            {radios(
              'access',
              text.fields.access,
              Object.entries(ACCESS_LABELS) as Array<[MovieAccess, string]>,
              (access) => set({ access, priceCoins: access === 'coins' ? form.priceCoins : '0' }),
            )}
            {field(
              'priceCoins',
              text.fields.priceCoins,
              textInput('priceCoins', { inputMode: 'numeric', disabled: form.access !== 'coins' }),
            )}
            {field('trialS', text.fields.trialS, textInput('trialS', { inputMode: 'numeric' }))}
          </fieldset>

          <fieldset className="catalogue-form__group">
            <legend>{text.groups.marks}</legend>
            {field('durationS', text.fields.durationS, textInput('durationS', { placeholder: '1:32:10' }))}
            {field('introEndS', text.fields.introEndS, textInput('introEndS', { placeholder: '1:30' }))}
            {field('outroStartS', text.fields.outroStartS, textInput('outroStartS', { placeholder: '42:10' }))}
            <p className="field__hint catalogue-form__wide">{text.fields.marksHint}</p>
          </fieldset>

          <div className="catalogue-form__actions">
            <button className="button button--primary" type="submit" disabled={busy || !dirty}>
              {busy ? text.saving : text.save}
            </button>
            {dirty && (
              <button className="button" type="button" onClick={() => setForm(formOf(movie))}>
                {text.discard}
              </button>
            )}
            <span className="catalogue__muted" role="status">
              {dirty ? text.unsaved : saved ? text.saved : ''}
            </span>
            {error && !FORM_FIELDS.has(error.field) && !PUBLICATION_FIELDS.has(error.field) && (
              <span className="catalogue-error" role="alert">
                {error.message}
              </span>
            )}
          </div>
        </form>

        <aside className="catalogue-editor__side">
          <PublishCard
            movie={movie}
            busy={busy}
            dirty={dirty}
            error={error && PUBLICATION_FIELDS.has(error.field) ? error.message : null}
            onPatch={send}
          />
          <PosterPanel movie={movie} onChange={changed} />
          {deletes && <DeleteCard movie={movie} />}
        </aside>
      </div>
      <EpisodesPanel movie={movie} onChange={changed} onReload={reload} />
    </section>
  );
}
