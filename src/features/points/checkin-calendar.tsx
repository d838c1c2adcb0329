/** The check-in card's month grid: Monday first, today outlined, checked days ticked, 补 for a card. */
import type { CheckinStatus } from '../../../contract/calls/member.ts';
import { pointsMessages } from './points-messages.ts';

const t = pointsMessages.checkin;

/** 0 for Monday … 6 for Sunday. */
const weekdayOf = (day: string): number => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;

export function CheckinCalendar({ status }: { status: CheckinStatus }) {
  const first = status.month[0]!.day;
  const lead = weekdayOf(first);
  return (
    <div className="checkin-calendar">
      <p className="checkin-calendar__month">{t.monthTitle(Number(first.slice(0, 4)), Number(first.slice(5, 7)))}</p>
      <ol className="checkin-calendar__grid" data-testid="checkin-calendar">
        {t.weekdays.map((name) => (
          <li key={name} className="checkin-calendar__weekday" aria-hidden="true">
            {name}
          </li>
        ))}
        {Array.from({ length: lead }, (_, i) => (
          <li key={`lead-${i}`} aria-hidden="true" />
        ))}
        {status.month.map((d) => {
          const classes = ['checkin-day'];
          if (d.checked) classes.push('is-checked');
          if (d.makeup) classes.push('is-makeup');
          if (d.day === status.today) classes.push('is-today');
          if (d.day === status.makeupDay) classes.push('is-missed');
          if (d.day > status.today) classes.push('is-future');
          const state = d.makeup
            ? t.legendMakeup
            : d.checked
              ? t.legendChecked
              : d.day === status.makeupDay
                ? t.legendMissed
                : '';
          return (
            <li
              key={d.day}
              className={classes.join(' ')}
              aria-label={`${t.dayLabel(d.day)}${state ? ` ${state}` : ''}`}
              data-checked={d.checked}
            >
              <span className="checkin-day__number">{Number(d.day.slice(8))}</span>
              {d.makeup ? (
                <span className="checkin-day__mark">补</span>
              ) : d.checked ? (
                <span className="checkin-day__mark">✓</span>
              ) : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
