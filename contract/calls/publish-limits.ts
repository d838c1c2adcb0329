/**
 * The limits of uploads and topics, shared by the server's schemas (contract/calls/publish.ts)
 * and the client's checks and counters; zod-free, so the client may import it.
 */
export const FILE_ID_PATTERN = /^[0-9a-f]{32}$/;
export const VIDEO_MAX_BYTES = 2 * 1024 ** 3;
export const IMAGE_MAX_BYTES = 10 * 1024 ** 2;
export const CHUNK_MIN_BYTES = 64 * 1024;
export const CHUNK_MAX_BYTES = 8 * 1024 ** 2;
export const MAX_CHUNKS = 4096;
/** Uploads of one user that are checked but not merged (abandoned ones expire after 24 h). */
export const MAX_OPEN_UPLOADS = 5;

export const TITLE_MAX = 60;
export const BODY_MAX = 20_000;
export const TAGS_MAX = 5;
export const IMAGES_MAX = 9;

export const VIDEO_MIME_TYPES = ['video/mp4', 'video/quicktime', 'video/webm', 'video/x-matroska'] as const;
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/** Code points, not UTF-16 units: an emoji counts once. */
export const textLength = (text: string): number => [...text].length;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text PostgreSQL can store as written: no NUL, no lone surrogate (not UTF-8). */
export const isStorableText = (text: string): boolean => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** A single-line value (a name, a keyword, a query parameter): storable, with no control character (C0, DEL, C1). */
export const isSingleLineText = (text: string): boolean => isStorableText(text) && !CONTROL.test(text);

export type UploadKind = 'video' | 'image';
export type UploadMime = (typeof VIDEO_MIME_TYPES)[number] | (typeof IMAGE_MIME_TYPES)[number];

export const kindOfMime = (mime: UploadMime): UploadKind => (mime.startsWith('video/') ? 'video' : 'image');
export const MAX_BYTES: Record<UploadKind, number> = { video: VIDEO_MAX_BYTES, image: IMAGE_MAX_BYTES };
/** Topics one member may publish per Asia/Shanghai day. */
export const MAX_TOPICS_PER_DAY = 30;
