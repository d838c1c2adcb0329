/**
 * One collection: its title, description and cover (an uploaded image, cropped by the server, or a
 * media key chosen from those it offers), then, once it exists, its items in order: 上移/下移/移除,
 * and a picker that searches movies and posts by title or id. Items are saved as a whole list.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { messageOf } from '../../components/use-load.ts';
import {
  consoleMediaUrl,
  TAXONOMY_LIMITS,
  type ContentPick,
  type FeaturedItemType,
  type MediaChoice,
} from '../../../contract/admin/taxonomy.ts';
import {
  addFeatured,
  changeFeatured,
  fetchCovers,
  fetchFeaturedDetail,
  readAsDataUrl,
  saveFeaturedItems,
  searchContent,
  uploadCover,
} from './taxonomy-calls.ts';
import { taxonomyText } from './taxonomy-messages.ts';

const text = taxonomyText.featured;

export function FeaturedEditor({ id }: { id: number | null }) {
  const [, navigate] = useLocation();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [cover, setCover] = useState('');
  const [items, setItems] = useState<ContentPick[]>([]);
  const [loaded, setLoaded] = useState(id === null);
  const [dirty, setDirty] = useState(false);
  const [note, setNote] = useState<{ error: boolean; text: string } | null>(null);
  const [itemsNote, setItemsNote] = useState<{ error: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (id === null) return;
    fetchFeaturedDetail(id)
      .then((detail) => {
        setTitle(detail.title);
        setDescription(detail.description);
        setCover(detail.cover);
        setItems(detail.items);
        setLoaded(true);
      })
      .catch((failure: unknown) => setNote({ error: true, text: messageOf(failure) }));
  }, [id]);

  async function saveInfo(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setNote(null);
    try {
      if (id === null) {
        const made = await addFeatured({ title, description, cover });
        navigate(`/${made.id}`, { replace: true });
      } else {
        await changeFeatured(id, { title, description, cover });
        setNote({ error: false, text: text.infoSaved });
      }
    } catch (failure) {
      setNote({ error: true, text: messageOf(failure) });
    } finally {
      setBusy(false);
    }
  }

  async function saveItems() {
    if (id === null) return;
    setItemsNote(null);
    try {
      const saved = await saveFeaturedItems(
        id,
        items.map(({ type, id: itemId }) => ({ type, id: itemId })),
      );
      setItems(saved.items);
      setDirty(false);
      setItemsNote({ error: false, text: text.itemsSaved });
    } catch (failure) {
      setItemsNote({ error: true, text: messageOf(failure) });
    }
  }

  const edit = (next: ContentPick[]) => {
    setItems(next);
    setDirty(true);
    setItemsNote(null);
  };
  const swap = (index: number, by: number) => {
    const next = [...items];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    edit(next);
  };

  return (
    <section className="tx-editor" aria-label={id === null ? text.newTitle : text.editTitle(title)}>
      <Link href="/" className="tx-back">
        {text.back}
      </Link>
      <h2 className="tx-subtitle">{id === null ? text.newTitle : text.editTitle(title || `#${id}`)}</h2>
      {!loaded && !note && <p className="table__status">{taxonomyText.loading}</p>}
      {loaded && (
        <form className="tx-card tx-form" onSubmit={(event) => void saveInfo(event)}>
          <label className="field">
            <span className="field__label">{text.titleLabel}</span>
            <input
              className="field__input"
              value={title}
              maxLength={TAXONOMY_LIMITS.featuredTitle}
              onChange={(event) => setTitle(event.target.value)}
            />
          </label>
          <label className="field">
            <span className="field__label">{text.description}</span>
            <textarea
              className="field__input tx-textarea"
              value={description}
              maxLength={TAXONOMY_LIMITS.featuredDescription}
              onChange={(event) => setDescription(event.target.value)}
            />
          </label>
          <CoverField value={cover} onChange={setCover} />
          <div className="tx-form__actions">
            <button className="button button--primary" type="submit" disabled={busy}>
              {busy ? taxonomyText.saving : id === null ? text.add : text.saveInfo}
            </button>
            {note && (
              <span className={note.error ? 'tx-error' : 'tx-ok'} role={note.error ? 'alert' : 'status'}>
                {note.text}
              </span>
            )}
          </div>
        </form>
      )}
      {id !== null && loaded && (
        <div className="tx-card">
          <div className="tx-toolbar">
            <div>
              <h3 className="tx-card__title">{text.itemsTitle}</h3>
              <p className="tx-hint">{text.itemsHint}</p>
            </div>
            <div className="tx-form__actions">
              {dirty && <span className="tx-muted">{text.unsaved}</span>}
              <button className="button button--primary" type="button" onClick={() => void saveItems()}>
                {text.saveItems}
              </button>
            </div>
          </div>
          {itemsNote && (
            <p className={itemsNote.error ? 'tx-error' : 'tx-ok'} role={itemsNote.error ? 'alert' : 'status'}>
              {itemsNote.text}
            </p>
          )}
          {items.length === 0 ? (
            <p className="table__status">{text.noItems}</p>
          ) : (
            <ol className="tx-items" data-testid="featured-items">
              {items.map((item, index) => (
                <li key={`${item.type}:${item.id}`} className="tx-item">
                  <span className="tx-item__index">{index + 1}</span>
                  <span className="tx-item__title">
                    {item.title}
                    <span className="tx-muted">{` · ${item.detail} · #${item.id}`}</span>
                    {item.hidden && <span className="badge badge--warn">{text.hidden}</span>}
                  </span>
                  <span className="tx-actions">
                    <button
                      className="button button--small"
                      type="button"
                      disabled={index === 0}
                      onClick={() => swap(index, -1)}
                    >
                      {taxonomyText.up}
                    </button>
                    <button
                      className="button button--small"
                      type="button"
                      disabled={index === items.length - 1}
                      onClick={() => swap(index, 1)}
                    >
                      {taxonomyText.down}
                    </button>
                    <button
                      className="button button--small button--danger"
                      type="button"
                      onClick={() => edit(items.filter((_, at) => at !== index))}
                    >
                      {taxonomyText.remove}
                    </button>
                  </span>
                </li>
              ))}
            </ol>
          )}
          <ItemPicker chosen={items} onPick={(pick) => edit([...items, pick])} />
        </div>
      )}
      {!loaded && note && (
        <p className="tx-error" role="alert">
          {note.text}
        </p>
      )}
    </section>
  );
}

function CoverField({ value, onChange }: { value: string; onChange: (key: string) => void }) {
  const [choices, setChoices] = useState<MediaChoice[]>([]);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    fetchCovers()
      .then((answer) => setChoices(answer.list))
      .catch(() => setChoices([]));
  }, []);

  async function upload(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    setError(null);
    try {
      const stored = await uploadCover(await readAsDataUrl(file));
      setChoices((shown) => [stored, ...shown.filter((each) => each.key !== stored.key)]);
      onChange(stored.key);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setUploading(false);
    }
  }

  return (
    <fieldset className="tx-cover-field">
      <legend className="field__label">{text.cover}</legend>
      <div className="tx-cover-field__row">
        {value ? (
          <img className="tx-cover tx-cover--large" src={consoleMediaUrl(value)} alt="" />
        ) : (
          <div className="tx-cover tx-cover--large" />
        )}
        <div className="tx-cover-field__controls">
          <label className="button tx-upload">
            {uploading ? text.uploading : text.upload}
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp"
              disabled={uploading}
              onChange={(event) => void upload(event.target.files?.[0])}
            />
          </label>
          <label className="field">
            <span className="field__label">{text.chooseCover}</span>
            <select
              className="field__input"
              value={choices.some((each) => each.key === value) ? value : ''}
              onChange={(event) => onChange(event.target.value)}
            >
              <option value="">—</option>
              {choices.map((choice) => (
                <option key={choice.key} value={choice.key}>
                  {choice.key}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span className="field__label">{text.coverKey}</span>
            <input className="field__input" value={value} onChange={(event) => onChange(event.target.value.trim())} />
          </label>
          <span className="field__hint">{text.coverHint}</span>
          {error && (
            <span className="tx-error" role="alert">
              {error}
            </span>
          )}
        </div>
      </div>
    </fieldset>
  );
}

function ItemPicker({ chosen, onPick }: { chosen: ContentPick[]; onPick: (pick: ContentPick) => void }) {
  const [input, setInput] = useState('');
  const [type, setType] = useState<FeaturedItemType | ''>('');
  const [found, setFound] = useState<ContentPick[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const has = (pick: ContentPick) => chosen.some((each) => each.type === pick.type && each.id === pick.id);

  async function find(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      setFound((await searchContent(input, type)).list);
    } catch (failure) {
      setError(messageOf(failure));
    }
  }

  return (
    <div className="tx-picker">
      <form className="tx-filters" role="search" onSubmit={(event) => void find(event)}>
        <input
          className="field__input tx-grow"
          type="search"
          aria-label={text.pickSearch}
          placeholder={text.pickSearch}
          value={input}
          onChange={(event) => setInput(event.target.value)}
        />
        <select
          className="field__input"
          aria-label={text.pickType}
          value={type}
          onChange={(event) => setType(event.target.value as FeaturedItemType | '')}
        >
          <option value="">{text.anyType}</option>
          <option value="movie">{text.movie}</option>
          <option value="post">{text.post}</option>
        </select>
        <button className="button" type="submit">
          {text.find}
        </button>
      </form>
      {error && (
        <p className="tx-error" role="alert">
          {error}
        </p>
      )}
      {found && found.length === 0 && <p className="table__status">{text.noResults}</p>}
      {found && found.length > 0 && (
        <ul className="tx-items" data-testid="featured-picks">
          {found.map((pick) => (
            <li key={`${pick.type}:${pick.id}`} className="tx-item">
              <span className="tx-item__title">
                {pick.title}
                <span className="tx-muted">{` · ${pick.detail} · #${pick.id}`}</span>
                {pick.hidden && <span className="badge badge--warn">{text.hidden}</span>}
              </span>
              <button className="button button--small" type="button" disabled={has(pick)} onClick={() => onPick(pick)}>
                {has(pick) ? text.added : text.addItem}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
