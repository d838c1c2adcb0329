import { afterEach, describe, expect, it, vi } from 'vitest';
import { colorModeState, forceColorMode, resolveColorMode } from './color-mode.ts';
import { colorVar, isPaletteName, setPaletteColor } from './palette.ts';

afterEach(() => {
  vi.restoreAllMocks();
  colorModeState.forced.splice(0);
  colorModeState.preference = 'system';
});

describe('colour mode', () => {
  it('resolves system from the media query', () => {
    colorModeState.systemPrefersDark = true;
    expect(resolveColorMode()).toBe('dark');
    colorModeState.systemPrefersDark = false;
    expect(resolveColorMode()).toBe('light');
  });

  it('an explicit preference wins over the system', () => {
    colorModeState.systemPrefersDark = true;
    colorModeState.preference = 'light';
    expect(resolveColorMode()).toBe('light');
  });

  it('a page force wins while held, the newest first, and is released', () => {
    colorModeState.preference = 'light';
    const releaseDark = forceColorMode('dark');
    expect(resolveColorMode()).toBe('dark');
    const releaseLight = forceColorMode('light');
    expect(resolveColorMode()).toBe('light');
    releaseLight();
    expect(resolveColorMode()).toBe('dark');
    releaseDark();
    releaseDark();
    expect(resolveColorMode()).toBe('light');
  });

  it('forcing "system" only warns', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const release = forceColorMode('system');
    expect(warn).toHaveBeenCalledOnce();
    expect(colorModeState.forced).toHaveLength(0);
    release();
  });
});

describe('palette', () => {
  it('knows the named colours of the spec', () => {
    for (const name of ['primary', 'gray', 'theme', 'sub', 'text', 'sub-text', 'match'])
      expect(isPaletteName(name)).toBe(true);
    expect(colorVar('sub-text')).toBe('var(--color-sub-text)');
  });

  it('an unknown colour name only warns', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(isPaletteName('purple')).toBe(false);
    expect(() => setPaletteColor('purple', '#ffffff')).not.toThrow();
    expect(colorVar('purple')).toBe('var(--color-text)');
    expect(warn).toHaveBeenCalledTimes(2);
  });
});
