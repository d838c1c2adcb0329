import { describe, expect, it } from 'vitest';
import { PLAYER_PREFS_KEY } from '../../lib/storage-keys.ts';
import { DEFAULT_PREFS, loadPlaybackPrefs, savePlaybackPrefs } from './use-playback-prefs.ts';

const memory = () => {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
};

describe('the remembered volume, mute and speed', () => {
  it('come back as saved', () => {
    const storage = memory();
    savePlaybackPrefs({ volume: 0.35, muted: true, rate: 1.5 }, storage);
    expect(loadPlaybackPrefs(storage)).toEqual({ volume: 0.35, muted: true, rate: 1.5 });
  });

  it('fall back to full volume at 1x when absent, broken or out of range (a held 3x is no choice)', () => {
    const storage = memory();
    expect(loadPlaybackPrefs(storage)).toEqual(DEFAULT_PREFS);
    storage.setItem(PLAYER_PREFS_KEY, '{not json');
    expect(loadPlaybackPrefs(storage)).toEqual(DEFAULT_PREFS);
    storage.setItem(PLAYER_PREFS_KEY, JSON.stringify({ volume: 7, muted: 'yes', rate: 3 }));
    expect(loadPlaybackPrefs(storage)).toEqual(DEFAULT_PREFS);
  });
});
