/**
 * 修改密码 once signed in (the operator line's button): the current password and the new one
 * twice, then a notice that the operator's other sessions were signed out.
 */
import './sign-in.css';
import { useState } from 'react';
import { adminMessages } from '../admin-messages.ts';
import { ConsoleDialog, ConsoleNotice } from '../components/console-dialog.tsx';
import { usePasswordFields } from './password-fields.tsx';

const text = adminMessages.password;

export function ChangePasswordDialog({ username, onClose }: { username: string; onClose: () => void }) {
  const { fields, submit, busy, otherError } = usePasswordFields(username, text.currentOwn);
  const [done, setDone] = useState(false);
  if (done)
    return (
      <ConsoleNotice title={text.changed} onClose={onClose} closeLabel={adminMessages.close} testId="password-changed">
        <p>{text.changedHint}</p>
      </ConsoleNotice>
    );
  return (
    <ConsoleDialog
      title={adminMessages.shell.changePassword}
      onClose={onClose}
      onSubmit={() => void submit().then((ok) => ok && setDone(true))}
      busy={busy}
      error={otherError}
      submitLabel={text.submit}
      busyLabel={text.submitting}
      testId="change-password"
    >
      {fields}
    </ConsoleDialog>
  );
}
