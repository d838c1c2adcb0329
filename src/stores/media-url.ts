/**
 * Media keys become URLs on the active CDN line (the joining itself: contract/media-url.ts).
 */
import { joinMediaUrl } from '../../contract/media-url.ts';
import { cdnState } from './cdn.ts';

/** The key's URL on the given line, by default the active one ("" while no line is known). */
export function mediaUrl(
  key: string | null | undefined,
  line: string | null = cdnState.active ?? cdnState.lines[0] ?? null,
): string {
  return joinMediaUrl(line, key);
}
