/**
 * Statuses and marks as operators read and type them (publication times in Beijing time:
 * components/console-time.ts), and intro/outro marks as seconds or m:ss / h:mm:ss.
 */
import type { ShownStatus } from '../../../contract/admin/catalogue.ts';
import { consoleTime } from '../../components/console-time.ts';
import { catalogueMessages as text, STATUS_LABELS } from './catalogue-messages.ts';

const two = (n: number) => String(n).padStart(2, '0');

export const statusLabel = (status: ShownStatus, publishedAt: number): string =>
  status === 'scheduled' ? text.scheduledAt(consoleTime(publishedAt)) : STATUS_LABELS[status];

/** "1:30" for 90; "1:02:03" past an hour; "" for null. */
export function formatMark(seconds: number | null): string {
  if (seconds === null) return '';
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/** Seconds from "90", "1:30" or "1:02:03"; null for empty; undefined when unreadable. */
export function parseMark(value: string): number | null | undefined {
  const text = value.trim();
  if (text === '') return null;
  if (!/^\d+(:\d{1,2}){0,2}$/.test(text)) return undefined;
  return text.split(':').reduce((total, part) => total * 60 + Number(part), 0);
}

export const formatDuration = (seconds: number): string => (seconds > 0 ? formatMark(seconds) : '—');

/** Names typed with commas, 、 or ， between them. */
export const splitNames = (value: string): string[] =>
  value
    .split(/[,，、;；\n]/)
    .map((name) => name.trim())
    .filter(Boolean);
