/**
 * Times and marks as operators read and type them: publication times in Beijing time (UTC+8, no
 * daylight saving) for the list and for datetime-local inputs, and intro/outro marks as seconds or
 * m:ss / h:mm:ss.
 */
import type { ShownStatus } from '../../../contract/admin/catalogue.ts';
import { catalogueMessages as text, STATUS_LABELS } from './catalogue-messages.ts';

const SHANGHAI_MS = 8 * 3600_000;
const two = (n: number) => String(n).padStart(2, '0');

/** "2025-06-01T20:00" of the time in Beijing time (a datetime-local value). */
export function toLocalInput(ms: number): string {
  const d = new Date(ms + SHANGHAI_MS);
  return `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}T${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}

/** The ms of a datetime-local value read as Beijing time, or null. */
export function fromLocalInput(value: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return null;
  return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!) - SHANGHAI_MS;
}

/** "2025-06-01 20:00" in Beijing time. */
export const formatTime = (ms: number): string => toLocalInput(ms).replace('T', ' ');

export const statusLabel = (status: ShownStatus, publishedAt: number): string =>
  status === 'scheduled' ? text.scheduledAt(formatTime(publishedAt)) : STATUS_LABELS[status];

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
