/**
 * <BulkSanctionDialog kind members onDone onClose />: one mute or ban, one period and one reason for
 * every member chosen in a list, asked once (the dialog is the confirmation) and sent in one call
 * (POST /users/sanctions: all or none). The server's refusal (another site's member, a role that may
 * not) shows in the dialog.
 */
import { useState } from 'react';
import type { BulkSanctionResult } from '../../../contract/admin/moderation.ts';
import { bulkSanction } from './moderation-calls.ts';
import { sanctionText as text } from './moderation-messages.ts';
import { ReasonDialog } from './reason-dialog.tsx';
import { SanctionPeriodField, untilOf, type Period } from './sanction-period.tsx';

export function BulkSanctionDialog({
  kind,
  members,
  onDone,
  onClose,
}: {
  kind: 'mute' | 'ban';
  members: ReadonlyArray<{ id: number; nickname: string }>;
  onDone: (result: BulkSanctionResult) => void;
  onClose: () => void;
}) {
  const [period, setPeriod] = useState<Period>(1);
  const [customEnd, setCustomEnd] = useState('');
  const verb = kind === 'mute' ? text.mute : text.ban;

  async function submit(reason: string) {
    const until = untilOf(period, customEnd);
    onDone(await bulkSanction({ userIds: members.map((member) => member.id), kind, until, reason }));
  }

  return (
    <ReasonDialog
      title={text.bulkTitle(verb, members.length)}
      confirmLabel={text.bulkConfirm(verb, members.length)}
      danger
      onSubmit={submit}
      onClose={onClose}
    >
      <p className="sanctions__members" data-testid="bulk-sanction-members">
        {members.map((member) => member.nickname).join('、')}
      </p>
      <SanctionPeriodField
        kind={kind}
        period={period}
        onPeriod={setPeriod}
        customEnd={customEnd}
        onCustomEnd={setCustomEnd}
      />
    </ReasonDialog>
  );
}
