/**
 * <UserSanctions userId={…} />: a member's mute and ban as the console shows them (state, end,
 * reason, who set it) with 禁言 / 封禁 / 解除, each through a dialog with a period (1天/7天/30天/
 * 永久/自定义) and a required reason. For the 用户 page and the 审核 queue; `onChange` hears the new
 * state. An operator whose role may not change them gets the server's 403 message in the dialog.
 */
import './moderation.css';
import { useCallback, useEffect, useState } from 'react';
import type { SanctionState, UserSanctions as Sanctions } from '../../../contract/admin/moderation.ts';
import { adminMessages } from '../../admin-messages.ts';
import { fetchSanctions, liftSanction, setSanction } from './moderation-calls.ts';
import { consoleTime } from '../../components/console-time.ts';
import { sanctionText as text } from './moderation-messages.ts';
import { ReasonDialog } from './reason-dialog.tsx';
import { SanctionPeriodField, untilOf, type Period } from './sanction-period.tsx';

type Kind = 'mute' | 'ban';

const VERB: Record<Kind, string> = { mute: text.mute, ban: text.ban };

function describe(kind: Kind, state: SanctionState) {
  return `${kind === 'mute' ? text.muted : text.banned} ${state.until === null ? text.permanent : text.until(consoleTime(state.until))}`;
}

export function UserSanctions({ userId, onChange }: { userId: number; onChange?: (state: Sanctions) => void }) {
  const [state, setState] = useState<Sanctions | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<{ kind: Kind; lift: boolean } | null>(null);
  const [period, setPeriod] = useState<Period>(1);
  const [customEnd, setCustomEnd] = useState('');

  const load = useCallback(async () => {
    setError(null);
    try {
      setState(await fetchSanctions(userId));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : adminMessages.loadFailed);
    }
  }, [userId]);

  useEffect(() => {
    void load();
  }, [load]);

  function open(kind: Kind, lift: boolean) {
    setPeriod(1);
    setCustomEnd('');
    setDialog({ kind, lift });
  }

  async function submit(reason: string) {
    if (!dialog) return;
    let next: Sanctions;
    if (dialog.lift) next = await liftSanction(userId, dialog.kind, reason);
    else next = await setSanction(userId, dialog.kind, { until: untilOf(period, customEnd), reason });
    setState(next);
    setDialog(null);
    onChange?.(next);
  }

  if (error) {
    return (
      <div className="sanctions sanctions--error" role="alert">
        {error}{' '}
        <button className="button button--small" type="button" onClick={() => void load()}>
          {adminMessages.retry}
        </button>
      </div>
    );
  }
  if (!state) return <div className="sanctions">{adminMessages.loading}</div>;

  const name = state.nickname;
  return (
    <div className="sanctions" data-testid="user-sanctions">
      {(['mute', 'ban'] as const).map((kind) => {
        const current = state[kind];
        return (
          <div key={kind} className="sanctions__row">
            {current ? (
              <span className="badge badge--danger" title={`${text.reason}：${current.reason}`}>
                {describe(kind, current)}
              </span>
            ) : (
              <span className="badge badge--on">
                {VERB[kind]} · {text.none}
              </span>
            )}
            {current && (
              <span className="sanctions__reason">
                {text.reason}：{current.reason}
                {current.operator ? `（${text.by} ${current.operator}）` : ''}
              </span>
            )}
            <button className="button button--small" type="button" onClick={() => open(kind, false)}>
              {current ? `${VERB[kind]}（修改）` : VERB[kind]}
            </button>
            {current && (
              <button className="button button--small" type="button" onClick={() => open(kind, true)}>
                {text.lift}
              </button>
            )}
          </div>
        );
      })}
      {dialog && (
        <ReasonDialog
          title={dialog.lift ? text.liftTitle(VERB[dialog.kind], name) : text.dialogTitle(VERB[dialog.kind], name)}
          confirmLabel={dialog.lift ? text.lift : VERB[dialog.kind]}
          required={!dialog.lift}
          label={dialog.lift ? text.liftReason : text.reason}
          danger={!dialog.lift}
          onSubmit={submit}
          onClose={() => setDialog(null)}
        >
          {!dialog.lift && (
            <SanctionPeriodField
              kind={dialog.kind}
              period={period}
              onPeriod={setPeriod}
              customEnd={customEnd}
              onCustomEnd={setCustomEnd}
            />
          )}
        </ReasonDialog>
      )}
    </div>
  );
}
