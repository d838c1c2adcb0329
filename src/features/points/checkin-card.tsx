/**
 * The daily check-in on /mine/mall: the streak, the next milestone and the month's calendar
 * (checked days, days filled by a 补签 card, the missed day a card may fill), 签到 once a day and
 * 补签 with the month's cards. The server's answer (the new status and balance) replaces what is
 * shown; a code 9 (done meanwhile, e.g. from the reminder dialog) reloads the status.
 */
import './checkin.css';
import { useEffect, useState } from 'react';
import type { CheckinResult, CheckinStatus } from '../../../contract/calls/member.ts';
import { Code } from '../../../contract/protocol/codes.ts';
import { ApiError } from '../../api/api-error.ts';
import { ErrorState } from '../../components/error-state.tsx';
import { IconCalendar, IconCheck } from '../../components/member-icons.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { showToast } from '../../stores/toast.ts';
import { setUserInfo, userState } from '../../stores/user.ts';
import { refreshUser } from '../account/use-user-refresh.ts';
import { CheckinCalendar } from './checkin-calendar.tsx';
import { checkInToday, getCheckinStatus, makeUpDay } from './point-calls.ts';
import { pointsMessages } from './points-messages.ts';

const t = pointsMessages.checkin;

export function CheckinCard() {
  const [status, setStatus] = useState<CheckinStatus | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState<'checkin' | 'makeup' | null>(null);

  useEffect(() => {
    let cancelled = false;
    getCheckinStatus({ toast: false }).then(
      (answer) => !cancelled && (setStatus(answer), setError(null)),
      (failure: unknown) => !cancelled && setError(failure instanceof Error ? failure : new Error(String(failure))),
    );
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  async function run(
    kind: 'checkin' | 'makeup',
    send: () => Promise<CheckinResult>,
    done: (r: CheckinResult) => string,
  ) {
    setBusy(kind);
    try {
      const result = await send();
      setStatus(result.status);
      if (userState.info) setUserInfo({ ...userState.info, points: result.points });
      showToast(done(result), { kind: 'success' });
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === Code.AlreadyDone) setAttempt((n) => n + 1);
      else showToast(failure instanceof Error ? failure.message : String(failure), { kind: 'error' });
    } finally {
      setBusy(null);
      void refreshUser();
    }
  }

  if (!status && error) return <ErrorState error={error} onRetry={() => setAttempt((n) => n + 1)} />;
  if (!status) {
    return (
      <section className="card checkin" aria-busy="true">
        <Skeleton className="skeleton--line" style={{ width: '40%' }} />
        <Skeleton className="checkin__skeleton" />
      </section>
    );
  }

  const makeupDay = status.makeupDay;
  return (
    <section className="card checkin" aria-labelledby="checkin-title" data-testid="checkin-card">
      <header className="checkin__head">
        <span className="checkin__icon" aria-hidden="true">
          {status.checkedToday ? <IconCheck /> : <IconCalendar />}
        </span>
        <div className="checkin__heading">
          <h2 className="checkin__title" id="checkin-title">
            {t.title}
          </h2>
          <p className="checkin__streak" data-testid="checkin-streak">
            {t.streak(status.streak)}
          </p>
        </div>
        <button
          type="button"
          className="button button--primary checkin__go"
          disabled={!status.enabled || status.checkedToday || busy !== null}
          onClick={() => void run('checkin', checkInToday, (r) => t.gained(r.gained, r.bonus))}
          data-testid="checkin-button"
        >
          {!status.enabled
            ? t.off
            : status.checkedToday
              ? t.done
              : busy === 'checkin'
                ? t.busy
                : t.go(status.basePoints)}
        </button>
      </header>
      <p className="checkin__next" data-testid="checkin-next">
        {status.nextMilestone
          ? t.next(status.nextMilestone.remaining, status.nextMilestone.days, status.nextMilestone.points)
          : t.allReached}
      </p>
      {status.milestones.length > 0 && (
        <ul className="checkin__milestones" aria-label={t.title}>
          {status.milestones.map((m) => (
            <li key={m.days} className={m.reached ? 'checkin__milestone is-reached' : 'checkin__milestone'}>
              {m.reached && <IconCheck aria-hidden="true" />}
              {t.milestone(m.days, m.points)}
            </li>
          ))}
        </ul>
      )}
      <CheckinCalendar status={status} />
      <footer className="checkin__foot">
        <span className="checkin__cards" data-testid="checkin-cards">
          {t.cards(status.makeupCardsLeft, status.makeupCardsPerMonth)}
        </span>
        {makeupDay && status.enabled && (
          <button
            type="button"
            className="button button--ghost checkin__makeup"
            disabled={busy !== null}
            onClick={() =>
              void run(
                'makeup',
                () => makeUpDay(makeupDay),
                () => t.madeUp(t.dayLabel(makeupDay)),
              )
            }
            data-testid="checkin-makeup"
          >
            {t.makeup(t.dayLabel(makeupDay))}
          </button>
        )}
      </footer>
    </section>
  );
}
