/**
 * The community's limits, read by the schemas of contract/calls/community.ts and by the client's
 * counters and checks; zod-free, so the client imports them without the schemas.
 */

/** A reply's or comment's text, in code points (the rich-text rules of /release). */
export const REPLY_BODY_MAX = 5_000;
/** Users one reply may @mention. */
export const MENTIONS_MAX = 10;
/** A report's free text (the reason's detail), in code points. */
export const REPORT_DETAIL_MAX = 200;

/** A danmaku's text, in code points. */
export const DANMAKU_TEXT_MAX = 100;
/** The widest time window one /danmaku/getRange may ask for. */
export const DANMAKU_WINDOW_MAX_MS = 120_000;
