/** A site's own primary colour (siteInfo.primaryColor of /api/fetch-data) replaces the default one. */
import { subscribe } from 'valtio/vanilla';
import { siteState } from '../stores/site.ts';
import { setPaletteColor } from './palette.ts';

export function startSiteBranding(): void {
  let applied = '';
  const apply = () => {
    const color = siteState.info?.primaryColor ?? '';
    if (!color || color === applied) return;
    applied = color;
    setPaletteColor('primary', color);
  };
  subscribe(siteState, apply);
  apply();
}
