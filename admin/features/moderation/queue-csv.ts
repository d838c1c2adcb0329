/**
 * 导出 CSV of the moderation queue as it is filtered (待处理 or 已处理, and the type): one row an
 * item, in the cards' words, times in the console's zone. The queue is read by its cursor in the
 * pages the list itself reads (components/use-csv-export.ts), up to QUEUE_EXPORT_MAX items.
 */
import type { ModerationItem, QueueState } from '../../../contract/admin/moderation.ts';
import { REPORT_REASON_LABELS, type ReportReason } from '../../../contract/enums.ts';
import { consoleTime, zoned } from '../../components/console-time.ts';
import { ACTION_LABELS, itemTitle, KIND_LABELS, moderationText, STATE_LABELS } from './moderation-messages.ts';

/** 100 of the queue's pages of 30. */
export const QUEUE_EXPORT_MAX = 3000;

export const QUEUE_CSV_HEADER = [
  zoned('时间'),
  '类型',
  '内容',
  '编号',
  '状态',
  '文本',
  '位置',
  '作者',
  '作者ID',
  '举报数',
  '举报原因',
  '标记',
  '处理',
  '处理说明',
  '处理人',
  zoned('处理时间'),
  '链接',
] as const;

const reasonsOf = (item: ModerationItem): string =>
  (Object.entries(item.reasonCounts) as [ReportReason, number][])
    .map(([reason, count]) => `${REPORT_REASON_LABELS[reason]} × ${count}`)
    .join('；');

export const queueCsvRow = (item: ModerationItem): Array<string | number> => [
  consoleTime(item.at, true),
  KIND_LABELS[item.kind],
  itemTitle(item),
  item.id,
  STATE_LABELS[item.state],
  item.text,
  item.context,
  item.author?.nickname ?? '',
  item.author?.id ?? '',
  item.reportCount,
  reasonsOf(item),
  item.flags.includes('first_post') ? moderationText.firstPost : '',
  item.decision ? ACTION_LABELS[item.decision.action] : '',
  item.decision?.reason ?? '',
  item.decision?.operator ?? '',
  item.decision ? consoleTime(item.decision.at, true) : '',
  item.link ?? '',
];

export const queueCsvName = (state: QueueState, day: string): string =>
  `审核队列-${state === 'pending' ? '待处理' : '已处理'}-${day}.csv`;
