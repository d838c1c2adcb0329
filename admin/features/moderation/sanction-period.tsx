/**
 * The period of a mute or ban as the sanction dialogs ask it (1天/7天/30天/永久/自定义, the kind's hint
 * above), and `untilOf`, the end the server takes: ms since epoch or 'permanent'.
 */
import './moderation.css';
import { fromZoneInput } from '../../components/console-time.ts';
import { sanctionText as text } from './moderation-messages.ts';

export type Period = number | 'permanent' | 'custom';

/** The end of `period` from now; throws (the dialog shows it) for a custom end not after now. */
export function untilOf(period: Period, customEnd: string): number | 'permanent' {
  if (period === 'permanent') return 'permanent';
  if (period === 'custom') {
    const end = fromZoneInput(customEnd);
    if (end === null || end <= Date.now()) throw new Error(text.badEnd);
    return end;
  }
  return Date.now() + period * 86_400_000;
}

export function SanctionPeriodField({
  kind,
  period,
  onPeriod,
  customEnd,
  onCustomEnd,
}: {
  kind: 'mute' | 'ban';
  period: Period;
  onPeriod: (period: Period) => void;
  customEnd: string;
  onCustomEnd: (value: string) => void;
}) {
  return (
    <fieldset className="sanctions__period">
      <legend className="field__label">{text.period}</legend>
      <p className="field__hint">{kind === 'mute' ? text.muteHint : text.banHint}</p>
      <div className="sanctions__choices">
        {text.periods.map((choice) => (
          <label key={choice.days}>
            <input type="radio" name="period" checked={period === choice.days} onChange={() => onPeriod(choice.days)} />
            {choice.label}
          </label>
        ))}
        <label>
          <input type="radio" name="period" checked={period === 'permanent'} onChange={() => onPeriod('permanent')} />
          {text.permanent}
        </label>
        <label>
          <input type="radio" name="period" checked={period === 'custom'} onChange={() => onPeriod('custom')} />
          {text.custom}
        </label>
      </div>
      {period === 'custom' && (
        <label className="field">
          <span className="field__label">{text.customEnd}</span>
          <input
            className="field__input"
            type="datetime-local"
            value={customEnd}
            onChange={(event) => onCustomEnd(event.target.value)}
          />
        </label>
      )}
    </fieldset>
  );
}
