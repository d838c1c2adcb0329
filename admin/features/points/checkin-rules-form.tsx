/** 签到规则: base points, 补签 cards per month and the milestones (days → points), saved together. */
import { useState, type FormEvent } from 'react';
import type { AdminCheckinRules } from '../../../contract/admin/points.ts';
import { AdminApiError } from '../../api/admin-client.ts';
import { saveCheckinRules } from './points-calls.ts';
import { pointsMessages } from './points-messages.ts';

const text = pointsMessages.checkin;

export function CheckinRulesForm({
  rules,
  canEdit,
  onSaved,
}: {
  rules: AdminCheckinRules;
  canEdit: boolean;
  onSaved: (rules: AdminCheckinRules) => void;
}) {
  const [draft, setDraft] = useState<AdminCheckinRules>(rules);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string; field?: string } | null>(null);
  const bad = (field: string) => (result?.field === field ? 'field__input field__input--bad' : 'field__input');
  const setMilestone = (index: number, key: 'days' | 'points', value: number) =>
    setDraft((d) => ({ ...d, milestones: d.milestones.map((m, i) => (i === index ? { ...m, [key]: value } : m)) }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setResult(null);
    try {
      const saved = await saveCheckinRules(draft);
      setDraft(saved);
      onSaved(saved);
      setResult({ ok: true, message: text.saved });
    } catch (failure) {
      setResult(
        failure instanceof AdminApiError
          ? { ok: false, message: failure.message, field: failure.field }
          : { ok: false, message: String(failure) },
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="pts-rules" onSubmit={(event) => void submit(event)} data-testid="checkin-rules">
      <fieldset className="pts-rules__set" disabled={!canEdit || busy}>
        <div className="pts-rules__row">
          <label className="field">
            <span className="field__label">{text.basePoints}</span>
            <input
              className={bad('basePoints')}
              type="number"
              name="basePoints"
              value={Number.isNaN(draft.basePoints) ? '' : draft.basePoints}
              onChange={(e) => setDraft({ ...draft, basePoints: e.target.valueAsNumber })}
            />
          </label>
          <label className="field">
            <span className="field__label">{text.cards}</span>
            <input
              className={bad('makeupCardsPerMonth')}
              type="number"
              name="makeupCardsPerMonth"
              value={Number.isNaN(draft.makeupCardsPerMonth) ? '' : draft.makeupCardsPerMonth}
              onChange={(e) => setDraft({ ...draft, makeupCardsPerMonth: e.target.valueAsNumber })}
            />
          </label>
        </div>
        <p className="field__label">{text.milestones}</p>
        {draft.milestones.length === 0 && <p className="pts-status">{text.none}</p>}
        <ol className="pts-milestones">
          {draft.milestones.map((milestone, index) => (
            <li key={index} className="pts-milestone">
              <label className="field field--inline">
                <span className="field__label">{text.days}</span>
                <input
                  className={bad(`milestones.${index}.days`)}
                  type="number"
                  value={Number.isNaN(milestone.days) ? '' : milestone.days}
                  onChange={(e) => setMilestone(index, 'days', e.target.valueAsNumber)}
                />
              </label>
              <label className="field field--inline">
                <span className="field__label">{text.points}</span>
                <input
                  className={bad(`milestones.${index}.points`)}
                  type="number"
                  value={Number.isNaN(milestone.points) ? '' : milestone.points}
                  onChange={(e) => setMilestone(index, 'points', e.target.valueAsNumber)}
                />
              </label>
              <button
                type="button"
                className="button button--small"
                onClick={() => setDraft((d) => ({ ...d, milestones: d.milestones.filter((_, i) => i !== index) }))}
              >
                {text.remove}
              </button>
            </li>
          ))}
        </ol>
        <div className="pts-rules__actions">
          <button
            type="button"
            className="button"
            onClick={() => {
              const last = draft.milestones.at(-1)?.days ?? 0;
              setDraft((d) => ({ ...d, milestones: [...d.milestones, { days: last + 7, points: 10 }] }));
            }}
          >
            {text.add}
          </button>
          <button type="submit" className="button button--primary">
            {busy ? text.saving : text.save}
          </button>
        </div>
      </fieldset>
      {result && (
        <p className={result.ok ? 'pts-ok' : 'pts-error'} role={result.ok ? 'status' : 'alert'}>
          {result.message}
        </p>
      )}
    </form>
  );
}
