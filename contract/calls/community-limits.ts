/**
 * The community's limits that the client checks too (contract/calls/community.ts re-exports
 * them); zod-free, so the client may import it without the schemas.
 */

/** A danmaku's text, in code points. */
export const DANMAKU_TEXT_MAX = 100;
/** The widest time window one /danmaku/getRange may ask for. */
export const DANMAKU_WINDOW_MAX_MS = 120_000;
