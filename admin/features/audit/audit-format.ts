/**
 * How an audit row reads: its action in words (影片 · 下架, with the code beside it for a search), its
 * target by kind and name (影片《星际穿越》 #1000000), and its change as the fields that differ, each
 * before and after in the console's units: times in the console's zone, money in yuan, seconds, 是/否.
 */
import { isAuditKind, type AuditEntry } from '../../../contract/admin/audit.ts';
import { fieldLabel } from '../../../contract/admin/field-labels.ts';
import { formatFen } from '../../components/console-money.ts';
import { consoleTime } from '../../components/console-time.ts';
import { auditMessages as text, KIND_LABELS, TARGET_LABELS, VALUE_LABELS, VERB_LABELS } from './audit-messages.ts';

const kindLabel = (kind: string): string | undefined => (isAuditKind(kind) ? KIND_LABELS[kind] : TARGET_LABELS[kind]);

/** '影片 · 下架'; a code of parts not known reads as it is. */
export function actionLabel(action: string): string {
  const dot = action.indexOf('.');
  const kind = dot > 0 ? kindLabel(action.slice(0, dot)) : undefined;
  const verb = VERB_LABELS[action.slice(dot + 1)];
  return kind && verb ? `${kind} · ${verb}` : action;
}

/** '影片《星际穿越》#1000000', '用户 小明 #10000002', '敏感词 赌博'; null: no target. */
export function targetLabel(entry: Pick<AuditEntry, 'targetType' | 'targetId' | 'targetName'>): string | null {
  if (!entry.targetType) return null;
  const kind = kindLabel(entry.targetType) ?? entry.targetType;
  const name = entry.targetName
    ? entry.targetType === 'movie'
      ? `《${entry.targetName}》`
      : ` ${entry.targetName}`
    : '';
  const id = entry.targetId ?? '';
  const numbered = /^\d+$/.test(id);
  return `${kind}${name}${numbered ? ` #${id}` : id && !name ? ` ${id}` : ''}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One value of field `key` in the console's units. */
export function valueText(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return text.none;
  if (typeof value === 'boolean') return value ? text.yes : text.no;
  if (typeof value === 'number') {
    if (/(At|until|Until)$/.test(key) && value > 1e11) return consoleTime(value);
    if (/Fen$/.test(key)) return formatFen(value);
    if (/S$/.test(key)) return text.seconds(value);
    return String(value);
  }
  if (typeof value === 'string') return VALUE_LABELS[value] ?? value;
  if (Array.isArray(value)) return value.map((item) => valueText(key, item)).join('、') || text.none;
  return JSON.stringify(value);
}

export interface ChangeLine {
  field: string;
  before: string;
  after: string;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The fields a change touched, in words; a list or a single value is one line. */
export function changeLines(before: unknown, after: unknown): ChangeLine[] {
  if (isRecord(before) || isRecord(after)) {
    const was = isRecord(before) ? before : {};
    const now = isRecord(after) ? after : {};
    const keys = [...new Set([...Object.keys(was), ...Object.keys(now)])];
    return keys
      .filter((key) => !same(was[key], now[key]))
      .map((key) => ({ field: fieldLabel(key), before: valueText(key, was[key]), after: valueText(key, now[key]) }))
      .filter((line) => line.before !== line.after);
  }
  if ((before === null || before === undefined) && (after === null || after === undefined)) return [];
  const field = Array.isArray(before) || Array.isArray(after) ? text.order : text.value;
  return [{ field, before: valueText('', before), after: valueText('', after) }];
}

/** The change as one line of text: '价格：¥8.00 → ¥9.00；状态：草稿 → 已发布'. */
export const changeText = (before: unknown, after: unknown): string =>
  changeLines(before, after)
    .map((line) => `${line.field}：${line.before} → ${line.after}`)
    .join('；');

/** The export's heading and one row per entry, in the table's words. */
export const CSV_HEADER = [...Object.values(text.columns), '操作代码'];
export const csvRow = (entry: AuditEntry): string[] => [
  consoleTime(entry.at, true),
  entry.operator?.username ?? text.system,
  actionLabel(entry.action),
  targetLabel(entry) ?? text.none,
  entry.address,
  changeText(entry.before, entry.after) || text.none,
  entry.action,
];
