/**
 * The 操作员 page's dialogs: the form that creates or edits one (username only when creating),
 * and the credentials shown once after creating or resetting (one-time password, TOTP secret and
 * its QR code as an image of the server's SVG).
 */
import { useState } from 'react';
import type { OperatorCredentials, OperatorListItem } from '../../../contract/admin/operators.ts';
import { OPERATOR_ROLES, type OperatorRole } from '../../../contract/admin/session.ts';
import { ROLE_LABELS } from '../../admin-messages.ts';
import { AdminApiError } from '../../api/admin-client.ts';
import { ConsoleDialog, ConsoleNotice } from '../../components/console-dialog.tsx';
import { CopyButton } from '../../components/copy-button.tsx';
import { useConfirm } from '../../components/use-confirm.tsx';
import { useSiteChoices } from '../../session/site-choices.ts';
import { operatorText as text } from './operator-messages.ts';

export interface OperatorForm {
  username: string;
  role: OperatorRole;
  siteIds: number[] | null;
}

export function OperatorFormDialog({
  editing,
  onSubmit,
  onClose,
}: {
  /** The operator edited; undefined to create one. */
  editing?: OperatorListItem;
  onSubmit: (form: OperatorForm) => Promise<void>;
  onClose: () => void;
}) {
  const [username, setUsername] = useState(editing?.username ?? '');
  const [role, setRole] = useState<OperatorRole>(editing?.role ?? 'ops');
  const choices = useSiteChoices();
  const [limited, setLimited] = useState(editing?.siteIds != null);
  const [chosen, setChosen] = useState<number[]>(editing?.siteIds ?? []);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const toggle = (id: number) =>
    setChosen((now) => (now.includes(id) ? now.filter((each) => each !== id) : [...now, id].sort((a, b) => a - b)));

  async function submit() {
    if (limited && chosen.length === 0) return setError(text.sitesNone);
    const siteIds = limited ? chosen : null;
    setBusy(true);
    setError(null);
    try {
      await onSubmit({ username: username.trim(), role, siteIds });
    } catch (failure) {
      setError(failure instanceof AdminApiError ? failure.message : String(failure));
      setBusy(false);
    }
  }

  return (
    <ConsoleDialog
      title={editing ? text.editTitle(editing.username) : text.create}
      onClose={onClose}
      onSubmit={() => void submit()}
      busy={busy}
      error={error}
      submitLabel={text.save}
      busyLabel={text.saving}
      cancelLabel={text.cancel}
    >
      {!editing && (
        <label className="field">
          <span className="field__label">{text.username}</span>
          <input
            className="field__input"
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            autoFocus
          />
        </label>
      )}
      <label className="field">
        <span className="field__label">{text.role}</span>
        <select className="field__input" value={role} onChange={(event) => setRole(event.target.value as OperatorRole)}>
          {OPERATOR_ROLES.map((value) => (
            <option key={value} value={value}>
              {ROLE_LABELS[value]}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="operators__sites">
        <legend className="field__label">{text.sites}</legend>
        <div className="operators__site-scope">
          <label>
            <input type="radio" name="scope" checked={!limited} onChange={() => setLimited(false)} />
            {text.allSites}
          </label>
          <label>
            <input type="radio" name="scope" checked={limited} onChange={() => setLimited(true)} />
            {text.someSites}
          </label>
        </div>
        {limited && (
          <div className="operators__site-list">
            {(choices ?? []).map((site) => (
              <label key={site.id}>
                <input type="checkbox" checked={chosen.includes(site.id)} onChange={() => toggle(site.id)} />
                {site.title}
              </label>
            ))}
          </div>
        )}
        <span className="field__hint">{text.sitesHint}</span>
      </fieldset>
    </ConsoleDialog>
  );
}

export function CredentialsDialog({ credentials, onClose }: { credentials: OperatorCredentials; onClose: () => void }) {
  const { operator, password, totp } = credentials;
  // The secrets show once: × or Escape asks before they are gone; 我已保存 closes at once.
  const { dialog, ask } = useConfirm();
  return (
    <ConsoleNotice
      title={text.credentialsTitle(operator.username)}
      onClose={onClose}
      onDismiss={() => void ask(text.discardCredentials).then((yes) => yes && onClose())}
      closeLabel={text.done}
      testId="operator-credentials"
    >
      {dialog}
      <p className="operators__once">{text.credentialsOnce}</p>
      <dl className="operators__secrets">
        <dt>{text.username}</dt>
        <dd>
          <code>{operator.username}</code>
        </dd>
        {password && (
          <>
            <dt>{text.password}</dt>
            <dd>
              <code data-testid="one-time-password">{password}</code>
              <CopyButton value={password} label={text.password} />
            </dd>
          </>
        )}
        {totp && (
          <>
            <dt>{text.totpSecret}</dt>
            <dd>
              <code data-testid="totp-secret">{totp.secret}</code>
              <CopyButton value={totp.secret} label={text.totpSecret} />
            </dd>
          </>
        )}
      </dl>
      {totp && (
        <figure className="operators__qr">
          <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(totp.qrSvg)}`} alt={text.scan} />
          <figcaption>{text.scan}</figcaption>
        </figure>
      )}
    </ConsoleNotice>
  );
}
