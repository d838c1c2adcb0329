/** How the settings tables show values: yuan from fen, times, a banner's window, media previews. */
import { settingsText as text } from './settings-messages.ts';

export const yuan = (fen: number): string => `¥${(fen / 100).toFixed(2)}`;

export function formatTime(ms: number | null): string {
  if (ms === null) return text.always;
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export type WindowState = 'live' | 'pending' | 'ended';

export function windowState(startsAt: number | null, endsAt: number | null, now = Date.now()): WindowState {
  if (startsAt !== null && startsAt > now) return 'pending';
  if (endsAt !== null && endsAt <= now) return 'ended';
  return 'live';
}

/** The line media keys are previewed on (the picked site's first enabled line). */
let previewLine = '/cdn/1';
export const setPreviewLine = (line: string | null): void => {
  previewLine = line ?? '/cdn/1';
};

/** A preview address: uploads and absolute addresses as they are, media keys on the preview line. */
export function mediaPreview(value: string | null | undefined): string | null {
  if (!value) return null;
  if (/^(?:[a-z][a-z0-9+.-]*:|\/)/i.test(value)) return value;
  return `${previewLine.replace(/\/+$/, '')}/${value.replace(/^\/+/, '')}`;
}
