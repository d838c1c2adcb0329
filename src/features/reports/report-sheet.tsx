/**
 * The report sheet for any reply, comment, post, danmaku or user: one reason of REPORT_REASONS, an
 * optional detail, sent by /report/create; a toast 举报已提交 on success. A failure's message (code 8
 * with its wait, code 6 …) is the client's toast, and the sheet stays open with what was picked.
 *
 *   <ReportSheet open={open} target={{ type: 'reply', id }} onClose={() => setOpen(false)} />
 */
import './reports.css';
import { useState } from 'react';
import { Modal } from '../../components/modal.tsx';
import { REPORT_REASON_LABELS, REPORT_REASONS, type ReportReason } from '../../../contract/enums.ts';
import { REPORT_DETAIL_MAX } from '../../../contract/calls/community-limits.ts';
import { showToast } from '../../stores/toast.ts';
import { createReport, type ReportTargetRef } from './report-calls.ts';
import { reportMessages as t } from './report-messages.ts';

interface ReportSheetProps {
  open: boolean;
  target: ReportTargetRef;
  onClose: () => void;
}

export function ReportSheet({ open, target, onClose }: ReportSheetProps) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [detail, setDetail] = useState('');
  const [busy, setBusy] = useState(false);

  const close = () => {
    setReason(null);
    setDetail('');
    onClose();
  };

  const submit = async () => {
    if (!reason || busy) return;
    setBusy(true);
    try {
      await createReport(target, reason, detail);
      showToast(t.done, { kind: 'success' });
      close();
    } catch {
      // the client has shown the server's message; keep the sheet as it is
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={close}
      title={t.title[target.type]}
      dismissible={!busy}
      className="report-sheet"
      testId="report-sheet"
      actions={
        <button
          type="button"
          className="button button--primary report-sheet__submit"
          disabled={!reason || busy}
          onClick={submit}
          data-testid="report-submit"
        >
          {busy ? t.sending : t.submit}
        </button>
      }
    >
      <fieldset className="report-sheet__reasons">
        <legend className="report-sheet__label">{t.reasonLabel}</legend>
        {REPORT_REASONS.map((value) => (
          <label key={value} className={`report-reason${reason === value ? ' is-on' : ''}`}>
            <input
              type="radio"
              name="report-reason"
              value={value}
              checked={reason === value}
              onChange={() => setReason(value)}
            />
            {REPORT_REASON_LABELS[value]}
          </label>
        ))}
      </fieldset>
      <label className="report-sheet__label" htmlFor="report-detail">
        {t.detailLabel}
      </label>
      <textarea
        id="report-detail"
        className="report-sheet__detail"
        rows={3}
        maxLength={REPORT_DETAIL_MAX}
        placeholder={t.detailPlaceholder}
        value={detail}
        onChange={(event) => setDetail(event.target.value)}
      />
      <p className="report-sheet__count">
        {detail.length}/{REPORT_DETAIL_MAX}
      </p>
    </Modal>
  );
}
