/**
 * 操作员 (超级管理员 only): every operator with role, sites, state and last activity; 新建操作员,
 * 编辑 (role, sites), 停用 / 启用, 重置密码 and 重置动态码. New credentials are shown once in a
 * dialog. The server keeps the rules (not oneself, one active super always) and its message shows.
 */
import './operators.css';
import { useCallback, useEffect, useState } from 'react';
import type { OperatorCredentials, OperatorListItem, OperatorReset } from '../../../contract/admin/operators.ts';
import { adminMessages, ROLE_LABELS } from '../../admin-messages.ts';
import { AdminApiError } from '../../api/admin-client.ts';
import { useConfirm } from '../../components/use-confirm.tsx';
import { useSession } from '../../session/session-store.ts';
import { sitesLabel, useSiteChoices } from '../../session/site-choices.ts';
import { consoleTime } from '../../components/console-time.ts';
import { changeOperator, createOperator, fetchOperators, resetOperator } from './operator-calls.ts';
import { CredentialsDialog, OperatorFormDialog, type OperatorForm } from './operator-dialogs.tsx';
import { operatorText as text } from './operator-messages.ts';

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; operator: OperatorListItem }
  | { kind: 'credentials'; credentials: OperatorCredentials };

export function OperatorsPage() {
  const session = useSession();
  const sites = useSiteChoices();
  const myId = session.status === 'signedIn' ? session.session.operator.id : null;
  const confirm = useConfirm();
  const [operators, setOperators] = useState<OperatorListItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);

  const load = useCallback(async () => {
    try {
      setOperators((await fetchOperators()).list);
      setError(null);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : adminMessages.loadFailed);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  async function act(run: () => Promise<unknown>) {
    try {
      await run();
      await load();
    } catch (failure) {
      setError(failure instanceof AdminApiError ? failure.message : adminMessages.loadFailed);
    }
  }

  const reset = async (operator: OperatorListItem, what: OperatorReset, action: string, label: string) => {
    if (!(await confirm.ask({ title: action, text: text.confirmReset(operator.username, label), confirm: action })))
      return;
    void act(async () => setDialog({ kind: 'credentials', credentials: await resetOperator(operator.id, what) }));
  };
  const toggle = async (operator: OperatorListItem) => {
    if (
      !operator.disabled &&
      !(await confirm.ask({ title: text.disable, text: text.confirmDisable(operator.username), confirm: text.disable }))
    )
      return;
    void act(() => changeOperator(operator.id, { disabled: !operator.disabled }));
  };
  async function submitForm(form: OperatorForm) {
    if (dialog?.kind === 'edit') {
      await changeOperator(dialog.operator.id, { role: form.role, siteIds: form.siteIds });
      setDialog(null);
    } else {
      setDialog({ kind: 'credentials', credentials: await createOperator(form) });
    }
    await load();
  }

  return (
    <section className="operators">
      {confirm.dialog}
      <div className="operators__head">
        <h1 className="page-title">{text.title}</h1>
        <button className="button button--primary" type="button" onClick={() => setDialog({ kind: 'create' })}>
          {text.create}
        </button>
      </div>
      {error && (
        <p className="operators__error" role="alert">
          {error}
        </p>
      )}
      <div className="table-wrap">
        <table className="table operators__table">
          <thead>
            <tr>
              {text.columns.map((column) => (
                <th key={column}>{column}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {operators?.map((operator) => (
              <tr key={operator.id} className={operator.disabled ? 'is-disabled' : undefined}>
                <td>{operator.id}</td>
                <td>
                  <strong>{operator.username}</strong>
                  {operator.id === myId && <span className="operators__me">{text.me}</span>}
                </td>
                <td>{ROLE_LABELS[operator.role]}</td>
                <td>{sitesLabel(sites, operator.siteIds)}</td>
                <td>
                  <span className={`badge ${operator.disabled ? 'badge--off' : 'badge--on'}`}>
                    {operator.disabled ? text.disabled : text.active}
                  </span>
                  {operator.mustChangePassword && <span className="badge badge--warn">{text.temporary}</span>}
                </td>
                <td className="table__nowrap">
                  {operator.lastSeenAt ? consoleTime(operator.lastSeenAt, true) : text.never}
                </td>
                <td className="table__nowrap">{consoleTime(operator.createdAt, true)}</td>
                <td className="operators__row-actions">
                  <button
                    className="button button--small"
                    type="button"
                    onClick={() => setDialog({ kind: 'edit', operator })}
                  >
                    {text.edit}
                  </button>
                  {operator.id !== myId && (
                    <button className="button button--small" type="button" onClick={() => void toggle(operator)}>
                      {operator.disabled ? text.enable : text.disable}
                    </button>
                  )}
                  <button
                    className="button button--small"
                    type="button"
                    onClick={() => void reset(operator, { password: true }, text.resetPassword, text.password)}
                  >
                    {text.resetPassword}
                  </button>
                  <button
                    className="button button--small"
                    type="button"
                    onClick={() => void reset(operator, { totp: true }, text.resetTotp, text.totpSecret)}
                  >
                    {text.resetTotp}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {operators === null && !error && <span className="table__status">{adminMessages.loading}</span>}
        {operators?.length === 0 && <span className="table__status">{text.empty}</span>}
      </div>
      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <OperatorFormDialog
          editing={dialog.kind === 'edit' ? dialog.operator : undefined}
          onSubmit={submitForm}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'credentials' && (
        <CredentialsDialog credentials={dialog.credentials} onClose={() => setDialog(null)} />
      )}
    </section>
  );
}
