/**
 * The viewer's danmaku settings, per user (the signed-in user's id; a device session is a user
 * too): the switch, the density (how many at once), the opacity and the blocked words. A valtio
 * store persisted through stores/persist.ts under STORE_KEYS.danmakuSettings; changes made before
 * the saved settings were read are applied after them.
 */
import { proxy } from 'valtio/vanilla';
import { useSnapshot } from 'valtio/react';
import { STORE_KEYS } from '../../lib/storage-keys.ts';
import { persist } from '../../stores/persist.ts';
import { userState } from '../../stores/user.ts';

export const DANMAKU_DENSITIES = ['low', 'medium', 'high'] as const;
export type DanmakuDensity = (typeof DANMAKU_DENSITIES)[number];

/** Blocked words one viewer may keep, and the length of one. */
export const BLOCKED_WORDS_MAX = 50;
export const BLOCKED_WORD_MAX = 20;
export const OPACITY_MIN = 0.2;

export interface DanmakuSettings {
  enabled: boolean;
  density: DanmakuDensity;
  /** 0.2–1. */
  opacity: number;
  blocked: string[];
}

export const DEFAULT_DANMAKU_SETTINGS: DanmakuSettings = {
  enabled: true,
  density: 'medium',
  opacity: 0.9,
  blocked: [],
};

export const danmakuSettingsState = proxy<{ byUser: Record<string, DanmakuSettings> }>({ byUser: {} });

let hydrated = typeof indexedDB === 'undefined';
const ready = persist(STORE_KEYS.danmakuSettings, danmakuSettingsState).then(() => {
  hydrated = true;
});

const userKey = (): string => String(userState.info?.id ?? 0);

/** The settings of `byUser[key]`, every field present. */
export function settingsOf(byUser: Readonly<Record<string, DanmakuSettings>>, key: string): DanmakuSettings {
  return { ...DEFAULT_DANMAKU_SETTINGS, ...byUser[key] };
}

export function updateDanmakuSettings(change: Partial<DanmakuSettings>): void {
  const key = userKey();
  const apply = () => {
    danmakuSettingsState.byUser[key] = { ...settingsOf(danmakuSettingsState.byUser, key), ...change };
  };
  if (hydrated) apply();
  else void ready.then(apply);
}

/** A blocked word as kept: trimmed, lower case, at most BLOCKED_WORD_MAX characters; '' when empty. */
export const normaliseWord = (word: string): string =>
  [...word.trim().toLowerCase()].slice(0, BLOCKED_WORD_MAX).join('');

export function addBlockedWord(word: string): void {
  const clean = normaliseWord(word);
  const { blocked } = settingsOf(danmakuSettingsState.byUser, userKey());
  if (!clean || blocked.includes(clean)) return;
  updateDanmakuSettings({ blocked: [...blocked, clean].slice(-BLOCKED_WORDS_MAX) });
}

export function removeBlockedWord(word: string): void {
  const { blocked } = settingsOf(danmakuSettingsState.byUser, userKey());
  updateDanmakuSettings({ blocked: blocked.filter((kept) => kept !== word) });
}

/** Whether a text contains one of the blocked words (case-insensitive). */
export function isBlocked(text: string, blocked: readonly string[]): boolean {
  if (!blocked.length) return false;
  const lower = text.toLowerCase();
  return blocked.some((word) => lower.includes(word));
}

/** The signed-in viewer's settings, re-rendering on change. */
export function useDanmakuSettings(): DanmakuSettings {
  const { byUser } = useSnapshot(danmakuSettingsState);
  const { info } = useSnapshot(userState);
  return settingsOf(byUser as Record<string, DanmakuSettings>, String(info?.id ?? 0));
}
