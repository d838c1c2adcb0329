/**
 * The fields of a settings dialog, described once per kind (FieldSpec) and kept as text while edited:
 * `toInput` turns them into the call's JSON (yuan → fen, a date-time in Beijing time → ms, blank → null), and
 * `toForm` a row into them. The field the server named in a 400 is marked.
 */
import { useState } from 'react';
import type { ImagePurpose } from '../../../contract/admin/settings.ts';
import { AdminApiError } from '../../api/admin-client.ts';
import { fromZoneInput, toZoneInput } from '../../components/console-time.ts';
import { uploadImage } from './settings-calls.ts';
import { settingsText as text } from './settings-messages.ts';
import { mediaPreview } from './settings-format.ts';
import { BannerFrames } from './banner-frames.tsx';

export type FieldKind = 'text' | 'textarea' | 'int' | 'optionalInt' | 'yuan' | 'datetime' | 'bool' | 'select' | 'image';

export interface FieldSpec {
  name: string;
  label: string;
  kind: FieldKind;
  options?: readonly (readonly [string, string])[];
  hint?: string;
  purpose?: ImagePurpose;
  /** Shown only when adding. */
  createOnly?: boolean;
  /** Shown only when editing (what a new row starts without). */
  editOnly?: boolean;
}

/** Whether the dialog shows a field: when adding, all but the edit-only ones; when editing, all but the create-only. */
const shownWhen = (field: FieldSpec, creating: boolean): boolean => (creating ? !field.editOnly : !field.createOnly);

export type FormValues = Record<string, string | boolean>;

export function toForm(fields: readonly FieldSpec[], row: Record<string, unknown> | null): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const value = row?.[field.name];
    if (field.kind === 'bool') values[field.name] = row ? value === true : true;
    else if (value === null || value === undefined)
      values[field.name] = field.kind === 'select' ? (field.options?.[0]?.[0] ?? '') : '';
    else if (field.kind === 'yuan') values[field.name] = ((value as number) / 100).toFixed(2);
    else if (field.kind === 'datetime') values[field.name] = toZoneInput(value as number);
    else values[field.name] = String(value);
  }
  return values;
}

/** A decimal of yuan finer than a fen (8.888). */
const BELOW_FEN = /^\d*\.\d{3,}$/;

/**
 * The JSON of the form; numbers that do not parse are sent as they are so the server names the field.
 * A price finer than a fen throws (a 400 naming its field, as the server's would): never rounded.
 */
export function toInput(fields: readonly FieldSpec[], values: FormValues, creating: boolean): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const field of fields) {
    if (!shownWhen(field, creating)) continue;
    const value = values[field.name];
    if (typeof value === 'boolean') {
      input[field.name] = value;
      continue;
    }
    const trimmed = (value ?? '').trim();
    switch (field.kind) {
      case 'int':
        input[field.name] = trimmed === '' ? null : Number(trimmed);
        break;
      case 'optionalInt':
        input[field.name] = trimmed === '' ? null : Number(trimmed);
        break;
      case 'yuan':
        if (BELOW_FEN.test(trimmed))
          throw new AdminApiError(400, text.yuanFen(field.label.replace(/（.*）$/, '')), field.name);
        input[field.name] = trimmed === '' || Number.isNaN(Number(trimmed)) ? null : Math.round(Number(trimmed) * 100);
        break;
      case 'datetime':
        // Typed in Beijing time (components/console-time.ts); a value that is not a time is sent as it is.
        input[field.name] = trimmed === '' ? null : (fromZoneInput(trimmed) ?? trimmed);
        break;
      case 'image':
        input[field.name] = trimmed === '' ? null : trimmed;
        break;
      default:
        if (!(field.createOnly && trimmed === '')) input[field.name] = trimmed;
    }
  }
  return input;
}

interface FieldsProps {
  fields: readonly FieldSpec[];
  values: FormValues;
  onChange: (name: string, value: string | boolean) => void;
  creating: boolean;
  badField: string | null;
}

export function FormFields({ fields, values, onChange, creating, badField }: FieldsProps) {
  return (
    <div className="settings-form">
      {fields
        .filter((field) => shownWhen(field, creating))
        .map((field) => (
          <FieldRow
            key={field.name}
            field={field}
            value={values[field.name]!}
            onChange={onChange}
            bad={badField === field.name}
          />
        ))}
    </div>
  );
}

function FieldRow({
  field,
  value,
  onChange,
  bad,
}: {
  field: FieldSpec;
  value: string | boolean;
  onChange: (name: string, value: string | boolean) => void;
  bad: boolean;
}) {
  const id = `settings-field-${field.name}`;
  const set = (next: string | boolean) => onChange(field.name, next);
  const className = `field__input${bad ? ' field__input--bad' : ''}`;
  let control;
  if (field.kind === 'bool') {
    control = (
      <input
        id={id}
        name={field.name}
        type="checkbox"
        checked={value === true}
        onChange={(e) => set(e.target.checked)}
      />
    );
  } else if (field.kind === 'select') {
    control = (
      <select
        id={id}
        name={field.name}
        className={className}
        value={String(value)}
        onChange={(e) => set(e.target.value)}
      >
        {field.options?.map(([option, label]) => (
          <option key={option} value={option}>
            {label}
          </option>
        ))}
      </select>
    );
  } else if (field.kind === 'textarea') {
    control = (
      <textarea
        id={id}
        name={field.name}
        className={`${className} field__input--area`}
        value={String(value)}
        onChange={(e) => set(e.target.value)}
      />
    );
  } else if (field.kind === 'image') {
    control = (
      <ImageInput
        id={id}
        name={field.name}
        value={String(value)}
        purpose={field.purpose ?? 'banner'}
        onChange={set}
        bad={bad}
      />
    );
  } else {
    control = (
      <input
        id={id}
        name={field.name}
        className={className}
        type={field.kind === 'datetime' ? 'datetime-local' : 'text'}
        inputMode={
          field.kind === 'int' || field.kind === 'optionalInt'
            ? 'numeric'
            : field.kind === 'yuan'
              ? 'decimal'
              : undefined
        }
        value={String(value)}
        onChange={(e) => set(e.target.value)}
      />
    );
  }
  return (
    <div className={`settings-form__row${field.kind === 'bool' ? ' settings-form__row--check' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {field.label}
      </label>
      <div className="settings-form__control">
        {control}
        {field.hint && <span className="field__hint">{field.hint}</span>}
      </div>
    </div>
  );
}

function ImageInput(props: {
  id: string;
  name: string;
  value: string;
  purpose: ImagePurpose;
  onChange: (value: string) => void;
  bad: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      props.onChange((await uploadImage(file, props.purpose)).url);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };
  const preview = mediaPreview(props.value);
  return (
    <div className={`image-input image-input--${props.purpose}`}>
      {props.purpose === 'banner' ? (
        <BannerFrames src={preview} />
      ) : (
        <div className={`image-input__preview image-input__preview--${props.purpose}`}>
          {preview ? <img src={preview} alt="" /> : <span>{text.noImage}</span>}
        </div>
      )}
      <div className="image-input__side">
        <input
          id={props.id}
          name={props.name}
          className={`field__input${props.bad ? ' field__input--bad' : ''}`}
          value={props.value}
          placeholder="/uploads/… 或 banners/b1.webp"
          onChange={(e) => props.onChange(e.target.value)}
        />
        <label className="button image-input__upload">
          {busy ? text.uploading : text.upload}
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            hidden
            disabled={busy}
            data-testid={`${props.name}-file`}
            onChange={(e) => void pick(e.target.files?.[0])}
          />
        </label>
        {error && <span className="field__error">{error}</span>}
      </div>
    </div>
  );
}
