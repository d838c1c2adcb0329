/**
 * The name of the CDN line media come from ("线路二"): the active line of stores/cdn.ts (the race's
 * result, the service worker's while one controls the page) named by the site's list of lines.
 */
import { useAppInit } from '../../stores/app-init.ts';
import { useCdnLines } from '../../stores/cdn.ts';

/** Null while no line is known yet. */
export function useActiveLineName(): string | null {
  const { active } = useCdnLines();
  const { cdnLines } = useAppInit();
  return cdnLines.find((line) => line.cdnLine === active)?.name ?? null;
}
