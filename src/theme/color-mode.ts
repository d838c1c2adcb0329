/**
 * Colour mode (docs/spec.md section 4): the preference is 'system', 'light' or 'dark', saved in
 * localStorage under THEME_MODE_KEY. A page may force light or dark while it is shown (a stack, the
 * newest force wins); forcing 'system' is not allowed and only logs a warning. The resolved mode
 * goes to <html data-theme> and the theme-color meta tag.
 */
import { proxy, subscribe } from 'valtio/vanilla';
import { THEME_MODE_KEY } from '../lib/storage-keys.ts';

export type ColorMode = 'system' | 'light' | 'dark';
export type ResolvedMode = Exclude<ColorMode, 'system'>;

const COLOR_MODES: readonly ColorMode[] = ['system', 'light', 'dark'];
/** Must match --color-theme of src/styles/theme.css (the browser chrome follows the page). */
const THEME_COLOR_META: Record<ResolvedMode, string> = { light: '#f5f6f8', dark: '#111318' };

const isColorMode = (value: unknown): value is ColorMode => COLOR_MODES.includes(value as ColorMode);

function readPreference(): ColorMode {
  try {
    const saved = globalThis.localStorage?.getItem(THEME_MODE_KEY);
    return isColorMode(saved) ? saved : 'system';
  } catch {
    return 'system';
  }
}

interface ForcedMode {
  id: number;
  mode: ResolvedMode;
}

export const colorModeState = proxy({
  preference: readPreference(),
  forced: [] as ForcedMode[],
  systemPrefersDark: false,
});

export function setColorMode(mode: ColorMode): void {
  colorModeState.preference = mode;
  try {
    localStorage.setItem(THEME_MODE_KEY, mode);
  } catch {
    // storage full or disabled: the choice lasts for this visit
  }
}

export function resolveColorMode(state: typeof colorModeState = colorModeState): ResolvedMode {
  const forced = state.forced.at(-1);
  if (forced) return forced.mode;
  if (state.preference !== 'system') return state.preference;
  return state.systemPrefersDark ? 'dark' : 'light';
}

let nextForceId = 1;

/** Forces a mode until the returned release function is called. */
export function forceColorMode(mode: ColorMode): () => void {
  if (mode === 'system') {
    console.warn('[theme] a page cannot force the "system" colour mode; use "light" or "dark"');
    return () => {};
  }
  const id = nextForceId++;
  colorModeState.forced.push({ id, mode });
  return () => {
    const index = colorModeState.forced.findIndex((entry) => entry.id === id);
    if (index >= 0) colorModeState.forced.splice(index, 1);
  };
}

function apply(): void {
  const mode = resolveColorMode();
  const root = document.documentElement;
  if (root.dataset.theme !== mode) root.dataset.theme = mode;
  root.style.colorScheme = mode;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLOR_META[mode]);
}

/** Follows the system setting and keeps <html data-theme> in sync; called once at start. */
export function startColorMode(): void {
  const query = matchMedia('(prefers-color-scheme: dark)');
  colorModeState.systemPrefersDark = query.matches;
  query.addEventListener('change', (event) => {
    colorModeState.systemPrefersDark = event.matches;
  });
  subscribe(colorModeState, apply, true);
  apply();
}
