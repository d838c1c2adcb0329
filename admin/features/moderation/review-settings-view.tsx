/** 设置: first-post review per site (on/off and how young an account counts as new). */
import { useEffect, useState } from 'react';
import type { ReviewSettings } from '../../../contract/admin/moderation.ts';
import { adminMessages } from '../../admin-messages.ts';
import { fetchReviewSettings, saveReviewSettings } from './moderation-calls.ts';
import { moderationText } from './moderation-messages.ts';

const text = moderationText.settings;

function SiteRow({ initial }: { initial: ReviewSettings }) {
  const [value, setValue] = useState(initial);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function save() {
    setBusy(true);
    setStatus(null);
    try {
      setValue(await saveReviewSettings(value));
      setStatus(text.saved);
    } catch (failure) {
      setStatus(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <tr>
      <td>
        {value.siteTitle} <span className="mod-card__uid">#{value.siteId}</span>
      </td>
      <td>
        <label className="mod-switch">
          <input
            type="checkbox"
            checked={value.firstPostReview}
            onChange={(event) => setValue({ ...value, firstPostReview: event.target.checked })}
          />
          {value.firstPostReview ? text.on : text.off}
        </label>
      </td>
      <td>
        <input
          className="field__input mod-days"
          type="number"
          min={1}
          max={365}
          aria-label={text.days}
          value={value.newAccountDays}
          onChange={(event) => setValue({ ...value, newAccountDays: Number(event.target.value) })}
        />{' '}
        天
      </td>
      <td className="table__nowrap">
        <button
          className="button button--small button--primary"
          type="button"
          disabled={busy}
          onClick={() => void save()}
        >
          {text.save}
        </button>{' '}
        {status && <span role="status">{status}</span>}
      </td>
    </tr>
  );
}

export function ReviewSettingsView() {
  const [sites, setSites] = useState<ReviewSettings[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    fetchReviewSettings().then(setSites, (failure: unknown) =>
      setError(failure instanceof Error ? failure.message : adminMessages.loadFailed),
    );
  }, []);

  return (
    <div className="mod-settings">
      <p className="field__hint">{text.intro}</p>
      {error && (
        <p className="table__status table__status--error" role="alert">
          {error}
        </p>
      )}
      {!sites && !error && <p className="table__status">{moderationText.loading}</p>}
      {sites && (
        <div className="table-wrap mod-table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th>{text.site}</th>
                <th>{text.review}</th>
                <th>{text.days}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {sites.map((site) => (
                <SiteRow key={site.siteId} initial={site} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
