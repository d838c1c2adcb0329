/**
 * The moderation queue (待处理 or 已处理, filtered by type in the address): items as cards, each
 * titled in words (回复 · 作者, 话题「标题」; the id small beside it) with its state, the text
 * and images, where it is (with a link into the app), its author (with a link to /admin/users/:id),
 * the reports' reasons counted and the reporters (those whose reports do not count toward hiding
 * marked 不计入自动隐藏), and 通过 / 隐藏 / 删除 through a reason dialog. A decided item leaves the
 * 待处理 list at once. Above 待处理, the bursts of reports against one member (report-bursts.tsx).
 * 导出 CSV saves the queue as it is filtered (queue-csv.ts).
 */
import { useId, useMemo, useState } from 'react';
import { Link } from 'wouter';
import {
  MODERATION_KINDS,
  type ModerationAction,
  type ModerationItem,
  type ModerationKind,
  type QueueState,
} from '../../../contract/admin/moderation.ts';
import { REPORT_REASON_LABELS, type ReportReason } from '../../../contract/enums.ts';
import { adminMessages } from '../../admin-messages.ts';
import { BulkBar } from '../../components/bulk-bar.tsx';
import { usePagedList } from '../../components/use-paged-list.ts';
import { useSelection } from '../../components/use-selection.ts';
import { useUndoToast } from '../../components/use-undo-toast.tsx';
import { paramOf, useUrlQuery } from '../../components/use-url-query.ts';
import { decideItem, decideItems, fetchQueue } from './moderation-calls.ts';
import { consoleTime, toZoneInput } from '../../components/console-time.ts';
import { useCsvExport } from '../../components/use-csv-export.ts';
import { QUEUE_CSV_HEADER, QUEUE_EXPORT_MAX, queueCsvName, queueCsvRow } from './queue-csv.ts';
import { ACTION_LABELS, itemTitle, KIND_LABELS, STATE_LABELS, moderationText as text } from './moderation-messages.ts';
import { ReasonDialog } from './reason-dialog.tsx';
import { ReportBursts } from './report-bursts.tsx';

const STATE_BADGE: Record<ModerationItem['state'], string> = {
  pending: 'badge--warn',
  auto_hidden: 'badge--danger',
  held: 'badge--warn',
  approved: 'badge--on',
  hidden: 'badge--off',
  deleted: 'badge--off',
};

function ItemCard({
  item,
  onAct,
  selection,
}: {
  item: ModerationItem;
  onAct: (action: ModerationAction) => void;
  /** Offered on 待处理: whether the card is chosen for a bulk decision, and how to change it. */
  selection?: { selected: boolean; toggle: () => void };
}) {
  const reasons = Object.entries(item.reasonCounts) as [ReportReason, number][];
  const gone = item.state === 'deleted';
  const title = itemTitle(item);
  const headingId = useId();
  return (
    <article
      className={`mod-card${selection?.selected ? ' mod-card--selected' : ''}`}
      data-testid="moderation-item"
      data-id={item.id}
      aria-labelledby={headingId}
    >
      <header className="mod-card__head">
        {selection && (
          <input
            type="checkbox"
            aria-label={adminMessages.bulk.select(title)}
            checked={selection.selected}
            onChange={selection.toggle}
          />
        )}
        <h2 className="mod-card__name" id={headingId}>
          {title}
        </h2>
        <span className="mod-card__id">#{item.id.slice(item.id.indexOf(':') + 1)}</span>
        <span className={`badge ${STATE_BADGE[item.state]}`}>{STATE_LABELS[item.state]}</span>
        {item.flags.includes('first_post') && <span className="badge badge--warn">{text.firstPost}</span>}
        {item.reportCount > 0 && <span className="mod-card__count">{text.reports(item.reportCount)}</span>}
        {item.countedReports < item.reportCount && (
          <span className="mod-card__uncounted" title={text.uncountedHint}>
            {text.uncountedReports(item.reportCount - item.countedReports)}
          </span>
        )}
        <span className="mod-card__time">{consoleTime(item.at)}</span>
      </header>
      <div className="mod-card__body">
        <div className="mod-card__content">
          <p className="mod-card__text">{item.text || (gone ? text.deletedText : '—')}</p>
          {(item.images.length > 0 || item.hasVideo) && (
            <div className="mod-card__media">
              {item.images.slice(0, 6).map((src) => (
                <img key={src} src={src} alt="" loading="lazy" />
              ))}
              {item.hasVideo && <span className="badge">{text.video}</span>}
            </div>
          )}
          <p className="mod-card__context">
            {item.context}
            {item.link && (
              <>
                {' · '}
                <a href={item.link} target="_blank" rel="noreferrer">
                  {text.open}
                </a>
              </>
            )}
          </p>
        </div>
        <aside className="mod-card__side">
          <div className="mod-card__author">
            <span className="field__label">{text.author}</span>
            {item.author ? (
              <Link href={`~/admin/users/${item.author.id}`}>
                {item.author.nickname} <span className="mod-card__uid">#{item.author.id}</span>
              </Link>
            ) : (
              <span>{text.noAuthor}</span>
            )}
          </div>
          {reasons.length > 0 && (
            <div className="mod-card__reasons">
              {reasons.map(([reason, count]) => (
                <span key={reason} className="badge badge--danger">
                  {REPORT_REASON_LABELS[reason]} × {count}
                </span>
              ))}
            </div>
          )}
          {item.reports.length > 0 && (
            <details className="mod-card__reports">
              <summary>{text.reporters}</summary>
              <ul>
                {item.reports.map((report) => (
                  <li key={report.id}>
                    {report.reporter?.nickname ?? '—'} · {REPORT_REASON_LABELS[report.reason]}
                    {report.detail ? `：${report.detail}` : ''} · {consoleTime(report.at)}
                    {!report.counted && (
                      <span className="mod-card__uncounted" title={text.uncountedHint}>
                        {` · ${text.uncounted}`}
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            </details>
          )}
          {item.decision && (
            <p className="mod-card__decision">
              {ACTION_LABELS[item.decision.action]}
              {item.decision.reason ? `：${item.decision.reason}` : ''}
              <br />
              <span className="mod-card__uid">
                {text.decidedBy(item.decision.operator, consoleTime(item.decision.at))}
              </span>
            </p>
          )}
        </aside>
      </div>
      {!gone && (
        <footer className="mod-card__actions">
          <button className="button button--small" type="button" onClick={() => onAct('approve')}>
            {ACTION_LABELS.approve}
          </button>
          <button className="button button--small" type="button" onClick={() => onAct('hide')}>
            {ACTION_LABELS.hide}
          </button>
          <button className="button button--small button--danger" type="button" onClick={() => onAct('delete')}>
            {ACTION_LABELS.delete}
          </button>
        </footer>
      )}
    </article>
  );
}

const fetchQueuePage = (filters: { state: QueueState; type: ModerationKind | '' }, cursor: string | null) =>
  fetchQueue(filters.state, filters.type, cursor);

// The type filter is in the address (?type=reply), the state in the path (/pending, /handled): Back
// from a member's page or from the other tab finds the queue as it was.
const readQuery = (params: URLSearchParams) => ({ type: paramOf(params, 'type', MODERATION_KINDS) });
const writeQuery = (query: { type?: ModerationKind }) => ({ type: query.type });

export function QueueView({ state }: { state: QueueState }) {
  const [query, setQuery] = useUrlQuery(readQuery, writeQuery);
  const type: ModerationKind | '' = query.type ?? '';
  const [acting, setActing] = useState<{ item: ModerationItem; action: ModerationAction } | null>(null);
  const [decisions, setDecisions] = useState(0);

  const filters = useMemo(() => ({ state, type }), [state, type]);
  const { items, setItems, hasMore, busy, error, more, reload } = usePagedList(fetchQueuePage, filters);

  // The selection is of the cards shown on 待处理 (a deleted one cannot be hidden); a new filter
  // starts with none.
  const selectable = state === 'pending';
  const selectableIds = useMemo(
    () => (selectable ? items.filter((item) => item.state !== 'deleted').map((item) => item.id) : []),
    [items, selectable],
  );
  const selection = useSelection(selectableIds, filters);
  const [hidingSelected, setHidingSelected] = useState(false);
  const { toast, show } = useUndoToast();
  const csv = useCsvExport();
  const exportCsv = () =>
    csv.run({
      fetchPage: (cursor) => fetchQueuePage(filters, cursor),
      max: QUEUE_EXPORT_MAX,
      header: QUEUE_CSV_HEADER,
      row: queueCsvRow,
      fileName: queueCsvName(state, toZoneInput(Date.now()).slice(0, 10)),
    });

  async function hideSelected(reason: string) {
    const ids = selection.chosen;
    await decideItems(ids, 'hide', reason);
    setItems((shown) => shown.filter((item) => !ids.includes(item.id)));
    selection.clear();
    setHidingSelected(false);
    setDecisions((n) => n + 1);
    show(text.bulk.done(ids.length), async () => {
      await decideItems(ids, 'approve', text.bulk.undoReason);
      reload();
    });
  }

  async function act(reason: string) {
    if (!acting) return;
    const updated = await decideItem(acting.item.id, acting.action, reason);
    setItems((shown) =>
      state === 'pending'
        ? shown.filter((i) => i.id !== updated.id)
        : shown.map((i) => (i.id === updated.id ? updated : i)),
    );
    setActing(null);
    setDecisions((n) => n + 1);
  }

  return (
    <div className="mod-queue">
      {state === 'pending' && <ReportBursts version={decisions} />}
      <div className="mod-queue__filters">
        <label className="field field--inline">
          <span className="field__label">{text.type}</span>
          <select
            className="field__input"
            name="type"
            value={type}
            onChange={(event) => setQuery({ type: (event.target.value || undefined) as ModerationKind | undefined })}
          >
            <option value="">{text.allTypes}</option>
            {MODERATION_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        </label>
        <button className="button" type="button" disabled={csv.exporting} onClick={() => void exportCsv()}>
          {adminMessages.csv.export}
        </button>
        {csv.status && (
          <p className="mod-queue__export" role="status">
            {csv.status}
          </p>
        )}
      </div>
      {selectableIds.length > 0 && (
        <label className="mod-queue__select-all">
          <input type="checkbox" checked={selection.allChosen} onChange={selection.toggleAll} />
          {adminMessages.bulk.selectAll}
        </label>
      )}
      <BulkBar count={selection.chosen.length} unit={text.bulk.unit} onClear={selection.clear}>
        <button className="button" type="button" onClick={() => setHidingSelected(true)}>
          {text.bulk.hide}
        </button>
      </BulkBar>
      {items.map((item) => (
        <ItemCard
          key={item.id}
          item={item}
          onAct={(action) => setActing({ item, action })}
          selection={
            selectableIds.includes(item.id)
              ? { selected: selection.has(item.id), toggle: () => selection.toggle(item.id) }
              : undefined
          }
        />
      ))}
      {busy && <p className="table__status">{text.loading}</p>}
      {!busy && !error && items.length === 0 && (
        <p className="table__status">{state === 'pending' ? text.empty : text.emptyHandled}</p>
      )}
      {error && (
        <p className="table__status table__status--error" role="alert">
          {error}{' '}
          <button className="button button--small" type="button" onClick={reload}>
            {adminMessages.retry}
          </button>
        </p>
      )}
      <div className="mod-queue__more">
        {hasMore
          ? !busy && (
              <button className="button" type="button" onClick={more}>
                {text.more}
              </button>
            )
          : items.length > 0 && !busy && <span className="table__status">{text.end}</span>}
      </div>
      {hidingSelected && (
        <ReasonDialog
          title={text.bulk.dialogTitle(selection.chosen.length)}
          confirmLabel={ACTION_LABELS.hide}
          onSubmit={hideSelected}
          onClose={() => setHidingSelected(false)}
        />
      )}
      {toast}
      {acting && (
        <ReasonDialog
          title={text.dialogTitle(ACTION_LABELS[acting.action])}
          confirmLabel={ACTION_LABELS[acting.action]}
          required={acting.action !== 'approve'}
          label={acting.action === 'approve' ? text.reasonOptional : text.reason}
          danger={acting.action === 'delete'}
          onSubmit={act}
          onClose={() => setActing(null)}
        >
          <p className="reason-dialog__item">{acting.item.title ?? acting.item.text.slice(0, 80)}</p>
        </ReasonDialog>
      )}
    </div>
  );
}
