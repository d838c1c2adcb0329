/**
 * 播放源: the places an episode plays from (/movie/play's `sources`: the title's own video first,
 * then the 播放源 a collected title came with, external HLS URLs). The player starts with the one
 * the viewer chose for this title in this session (else the first); a fatal error on a source (for
 * the own one, once every CDN line failed) moves to the next one not tried yet, wrapping, and only
 * when every one failed does the player show its failure. Pure but for the session's choices, kept
 * in memory: a reload starts from the first again.
 */
import type { PlaySourceChoice } from '../../../contract/calls/content.ts';

/** Title id → the name of the source the viewer chose by hand. */
const chosen = new Map<number, string>();

/** Remembers the viewer's choice for the title's next episodes. */
export function rememberSource(movieId: number, name: string): void {
  chosen.set(movieId, name);
}

/** The index a title's episode starts from: the source of the name chosen last, else the first. */
export function startSource(movieId: number, sources: readonly PlaySourceChoice[]): number {
  const name = chosen.get(movieId);
  const index = name === undefined ? -1 : sources.findIndex((source) => source.name === name);
  return Math.max(0, index);
}

/**
 * The source to try after `from` failed: the next one in order (wrapping) that is not in `tried`;
 * null when every one was tried.
 */
export function nextSource(count: number, from: number, tried: readonly number[]): number | null {
  for (let step = 1; step < count; step += 1) {
    const index = (from + step) % count;
    if (index !== from && !tried.includes(index)) return index;
  }
  return null;
}

/** The title's own video (a media key on a CDN line) rather than an external URL. */
export const isOwnSource = (source: PlaySourceChoice): boolean => !/^[a-z][a-z0-9+.-]*:/i.test(source.playlist);
