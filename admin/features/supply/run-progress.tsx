/**
 * A run as one cell reads it: its state (暂停中 while a pause waits for the page in hand), a bar of
 * pages written out of the source's page count, and its counts; a failed run says why.
 */
import { RUN_STATE_LABELS, type RunState, type SupplyRun } from '../../../contract/admin/supply.ts';
import { ProgressBar } from '../../../src/components/progress-bar.tsx';
import { supplyText as text } from './supply-messages.ts';

const BADGE: Record<RunState, string> = {
  queued: 'badge badge--warn',
  running: 'badge supply-badge--running',
  paused: 'badge badge--off',
  done: 'badge badge--on',
  failed: 'badge badge--danger',
};

/** Queued and running runs move on their own: the page reads them again while any is shown. */
export const isActive = (run: SupplyRun | null | undefined): boolean =>
  run?.state === 'queued' || run?.state === 'running';

export function RunState({ run }: { run: SupplyRun }) {
  const pausing = run.pauseRequested && isActive(run);
  return (
    <span className={BADGE[run.state]} data-testid="run-state">
      {pausing ? text.pausing : RUN_STATE_LABELS[run.state]}
    </span>
  );
}

export function RunProgress({ run, counts = true }: { run: SupplyRun; counts?: boolean }) {
  const max = run.state === 'done' ? Math.max(1, run.page) : (run.pageCount ?? 0);
  return (
    <div className="supply-progress">
      <div className="supply-progress__line">
        <RunState run={run} />
        <span className="supply-progress__pages">{text.pageOf(run)}</span>
      </div>
      <ProgressBar
        className="supply-progress__bar"
        value={run.state === 'done' ? max : run.page}
        max={max}
        label={text.progressLabel}
      />
      {counts && <span className="supply-progress__counts">{text.counts(run)}</span>}
      {run.state === 'failed' && run.failure && (
        <span className="supply-progress__failure">{text.failure(run.failure)}</span>
      )}
    </div>
  );
}
