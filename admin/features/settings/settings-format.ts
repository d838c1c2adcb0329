/** How the settings tables show values: times, a banner's window, media previews. */
import { consoleTime } from '../../components/console-time.ts';
import { settingsText as text } from './settings-messages.ts';

/** A banner's start or end in Beijing time; none: 不限. */
export const windowEnd = (ms: number | null): string => (ms === null ? text.always : consoleTime(ms));

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
