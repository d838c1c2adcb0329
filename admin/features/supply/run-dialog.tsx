/**
 * 采集: what to read — 全部, 最近 24 小时, 最近一周, or 指定 ID (a list of the source's ids, one a line
 * or separated by commas or spaces). The server says why a run cannot start (the source disabled,
 * nothing mapped, a run already going) and the dialog stays open with its message.
 */
import { useState } from 'react';
import { RUN_MODE_LABELS, RUN_MODES, type RunMode, type SupplySource } from '../../../contract/admin/supply.ts';
import { ConsoleDialog } from '../../components/console-dialog.tsx';
import { messageOf } from '../../components/use-load.ts';
import { startRun } from './supply-calls.ts';
import { supplyText as text } from './supply-messages.ts';

/** The ids typed: split on commas (ASCII or full-width), spaces and lines, blanks dropped. */
export const idsOf = (typed: string): string[] => typed.split(/[\s,，、]+/).filter(Boolean);

export function RunDialog({
  source,
  onStarted,
  onClose,
}: {
  source: SupplySource;
  onStarted: () => void;
  onClose: () => void;
}) {
  const [mode, setMode] = useState<RunMode>('all');
  const [ids, setIds] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit() {
    setBusy(true);
    setError(null);
    try {
      await startRun(source.id, mode === 'ids' ? { mode, ids: idsOf(ids) } : { mode });
      onStarted();
    } catch (failure) {
      setError(messageOf(failure));
      setBusy(false);
    }
  }

  return (
    <ConsoleDialog
      title={text.runTitle(source.name)}
      onClose={onClose}
      onSubmit={() => void submit()}
      busy={busy}
      error={error}
      submitLabel={text.runStart}
      busyLabel={text.runStarting}
      cancelLabel={text.cancel}
      canSubmit={mode !== 'ids' || idsOf(ids).length > 0}
      testId="run-dialog"
    >
      <fieldset className="supply-modes">
        <legend className="field__label">{text.runMode}</legend>
        {RUN_MODES.map((value) => (
          <label key={value} className="supply-modes__option">
            <input type="radio" name="mode" checked={mode === value} onChange={() => setMode(value)} />
            {RUN_MODE_LABELS[value]}
          </label>
        ))}
      </fieldset>
      {mode === 'ids' && (
        <label className="field">
          <span className="field__label">{text.runIds}</span>
          <textarea
            className="field__input"
            name="ids"
            rows={5}
            value={ids}
            onChange={(event) => setIds(event.target.value)}
            autoFocus
          />
          <span className="field__hint">{text.runIdsHint}</span>
        </label>
      )}
    </ConsoleDialog>
  );
}
