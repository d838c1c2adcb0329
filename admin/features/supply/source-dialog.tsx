/**
 * 新增源站 / 编辑源站: name, the API URL, JSON or XML, an optional key, 启用, 入库方式 and the
 * schedule. The server checks everything (a private address, a name taken, a schedule out of range)
 * and its message shows under the fields, the field it names marked. The key shows as saved, as a
 * site's feed key does in 站点设置: whoever may edit it may read it.
 */
import { useState } from 'react';
import {
  LAND_AS,
  LAND_AS_LABELS,
  SOURCE_FORMATS,
  SOURCE_KEY_MAX,
  SOURCE_NAME_MAX,
  SOURCE_URL_MAX,
  type LandAs,
  type SourceFormat,
  type SourceInput,
  type SupplySource,
} from '../../../contract/admin/supply.ts';
import { AdminApiError } from '../../api/admin-client.ts';
import { ConsoleDialog } from '../../components/console-dialog.tsx';
import { messageOf } from '../../components/use-load.ts';
import { supplyText as text } from './supply-messages.ts';

interface Form {
  name: string;
  apiUrl: string;
  format: SourceFormat;
  apiKey: string;
  enabled: boolean;
  landAs: LandAs;
  everyHours: string;
}

const formOf = (source: SupplySource | null): Form => ({
  name: source?.name ?? '',
  apiUrl: source?.apiUrl ?? '',
  format: source?.format ?? 'json',
  apiKey: source?.apiKey ?? '',
  enabled: source?.enabled ?? true,
  landAs: source?.landAs ?? 'draft',
  everyHours: source?.everyHours === null || source?.everyHours === undefined ? '' : String(source.everyHours),
});

/** The call's body; a schedule that is not a number is sent as it is, for the server to name. */
const inputOf = (form: Form): SourceInput => ({
  name: form.name.trim(),
  apiUrl: form.apiUrl.trim(),
  format: form.format,
  apiKey: form.apiKey.trim() || null,
  enabled: form.enabled,
  landAs: form.landAs,
  everyHours: form.everyHours.trim() === '' ? null : (Number(form.everyHours.trim()) as number),
});

export function SourceDialog({
  source,
  onSave,
  onClose,
}: {
  /** The source edited; null to add one. */
  source: SupplySource | null;
  onSave: (input: SourceInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const [form, setForm] = useState<Form>(() => formOf(source));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; field: string | null } | null>(null);
  const set = (change: Partial<Form>) => setForm((now) => ({ ...now, ...change }));

  async function submit() {
    setBusy(true);
    setError(null);
    try {
      await onSave(inputOf(form));
    } catch (failure) {
      setError({
        message: messageOf(failure),
        field: failure instanceof AdminApiError ? (failure.field ?? null) : null,
      });
      setBusy(false);
    }
  }

  const control = (name: keyof Form) => ({
    id: `supply-source-${name}`,
    name,
    'aria-invalid': error?.field === name || undefined,
  });
  return (
    <ConsoleDialog
      title={source ? text.form.editTitle(source.name) : text.form.addTitle}
      onClose={onClose}
      onSubmit={() => void submit()}
      busy={busy}
      error={error?.message ?? null}
      submitLabel={text.save}
      busyLabel={text.saving}
      cancelLabel={text.cancel}
      width="wide"
      testId="source-dialog"
    >
      <div className="supply-form">
        <label className="field" htmlFor="supply-source-name">
          <span className="field__label">{text.form.name}</span>
          <input
            className="field__input"
            {...control('name')}
            maxLength={SOURCE_NAME_MAX}
            value={form.name}
            onChange={(event) => set({ name: event.target.value })}
            autoFocus
          />
        </label>
        <label className="field" htmlFor="supply-source-apiUrl">
          <span className="field__label">{text.form.apiUrl}</span>
          <input
            className="field__input"
            {...control('apiUrl')}
            type="url"
            inputMode="url"
            maxLength={SOURCE_URL_MAX}
            placeholder="https://example.com/api.php/provide/vod"
            value={form.apiUrl}
            onChange={(event) => set({ apiUrl: event.target.value })}
          />
          <span className="field__hint">{text.form.apiUrlHint}</span>
        </label>
        <div className="supply-form__pair">
          <label className="field" htmlFor="supply-source-format">
            <span className="field__label">{text.form.format}</span>
            <select
              className="field__input"
              {...control('format')}
              value={form.format}
              onChange={(event) => set({ format: event.target.value as SourceFormat })}
            >
              {SOURCE_FORMATS.map((format) => (
                <option key={format} value={format}>
                  {format.toUpperCase()}
                </option>
              ))}
            </select>
          </label>
          <label className="field" htmlFor="supply-source-landAs">
            <span className="field__label">{text.form.landAs}</span>
            <select
              className="field__input"
              {...control('landAs')}
              value={form.landAs}
              onChange={(event) => set({ landAs: event.target.value as LandAs })}
            >
              {LAND_AS.map((landAs) => (
                <option key={landAs} value={landAs}>
                  {LAND_AS_LABELS[landAs]}
                </option>
              ))}
            </select>
          </label>
        </div>
        <label className="field" htmlFor="supply-source-apiKey">
          <span className="field__label">{text.form.apiKey}</span>
          <input
            className="field__input"
            {...control('apiKey')}
            maxLength={SOURCE_KEY_MAX}
            autoComplete="off"
            spellCheck={false}
            value={form.apiKey}
            onChange={(event) => set({ apiKey: event.target.value })}
          />
          <span className="field__hint">{text.form.apiKeyHint}</span>
        </label>
        <label className="field" htmlFor="supply-source-everyHours">
          <span className="field__label">{text.form.everyHours}</span>
          <input
            className="field__input supply-form__hours"
            {...control('everyHours')}
            inputMode="numeric"
            value={form.everyHours}
            onChange={(event) => set({ everyHours: event.target.value })}
          />
          <span className="field__hint">{text.form.everyHoursHint}</span>
        </label>
        <label className="supply-form__check">
          <input
            type="checkbox"
            {...control('enabled')}
            checked={form.enabled}
            onChange={(event) => set({ enabled: event.target.checked })}
          />
          {text.form.enabled}
        </label>
      </div>
    </ConsoleDialog>
  );
}
