/** Forces light or dark while the calling page is shown (released when it is hidden or unmounted). */
import { useEffect } from 'react';
import { forceColorMode, type ColorMode } from './color-mode.ts';

export function usePageColorMode(mode: ColorMode): void {
  useEffect(() => forceColorMode(mode), [mode]);
}
