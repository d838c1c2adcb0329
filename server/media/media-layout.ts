/**
 * The layout of MEDIA_DIR, shared by the seed (which writes it), the media plugin (which serves it)
 * and the content API (which hands out the keys). A media key is a path relative to a CDN line:
 * the client joins it to the active line's url ("/cdn/1" + "/" + "posters/m12-s.webp").
 *
 *   posters/m{id}-s.webp  360x540     posters/m{id}-l.webp  720x1080   (movies.poster = "posters/m{id}")
 *   covers/c{nnn}.webp    640x360     shared pool for post covers and images
 *   banners/b{n}.webp     1200x480    featured/f{nn}.webp  800x450    avatars/a{nnn}.webp  128x128
 *   videos/v{n}/index.m3u8                 a demo video (server/seed/demo-video.ts): the same ladder as
 *     + {360,720}p/index.m3u8 + seg-NNN.ts   below; never served as is: only through play tickets
 *   videos/e{episode}-{job}/index.m3u8      an episode's ladder (server/media/hls-ladder.ts): a master
 *     + {360,720,1080}p/index.m3u8 + seg-NNN.ts   playlist over its rungs, through play tickets too;
 *     + poster.jpg                                its poster frame, served as a plain file
 */

/** Directories the plugin serves as plain files under every CDN line. */
export const PUBLIC_DIRS = ['posters', 'covers', 'banners', 'featured', 'avatars'] as const;

/**
 * Every video is cut into segments of this length (ffmpeg -hls_time, keyframes aligned), on a grid
 * from 0 s: segment k > 0 covers [4(k-1), 4k) but for the first, which is cut in two.
 */
export const HLS_SEGMENT_SECONDS = 4;
/**
 * The first segment's length (ffmpeg -hls_init_time): the first picture needs only this much of
 * the stream (about 125 KB at 360p instead of 500, a second less at slow 4G); the rest of the first
 * grid step is the second segment.
 */
export const HLS_FIRST_SEGMENT_SECONDS = 1;

export interface ImageSize {
  width: number;
  height: number;
}

export const SIZES = {
  posterSmall: { width: 360, height: 540 },
  posterLarge: { width: 720, height: 1080 },
  cover: { width: 640, height: 360 },
  banner: { width: 1200, height: 480 },
  featured: { width: 800, height: 450 },
  avatar: { width: 128, height: 128 },
} as const satisfies Record<string, ImageSize>;

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/** Media keys of each kind of file. */
export const mediaKeys = {
  /** The value of movies.poster: the two files are `${key}-s.webp` and `${key}-l.webp`. */
  poster: (movieId: number): string => `posters/m${movieId}`,
  cover: (n: number): string => `covers/c${pad(n, 3)}.webp`,
  banner: (n: number): string => `banners/b${n}.webp`,
  featured: (n: number): string => `featured/f${pad(n, 2)}.webp`,
  avatar: (n: number): string => `avatars/a${pad(n, 3)}.webp`,
  /** The value of movies.video: a directory holding index.m3u8 and its segments. */
  video: (n: number): string => `videos/v${n}`,
};

/** The small and large poster keys of a movies.poster value. */
export const posterFiles = (poster: string): { small: string; large: string } => ({
  small: `${poster}-s.webp`,
  large: `${poster}-l.webp`,
});

/** A demo video (v3, a 360p + 720p ladder) or an episode's ladder made by the console's job (e12-0a1b2c3d). */
const VIDEO_NAME = /^(v\d{1,4}|e\d{1,12}-[0-9a-f]{8})$/;
const LADDER_NAME = /^e\d{1,12}-[0-9a-f]{8}$/;

/** Whether a video value names a ladder made by the console's job (removed when replaced). */
export const isLadderVideo = (video: string): boolean => LADDER_NAME.test(videoName(video) ?? '');

/**
 * The directory name of a movies.video or episodes.video value ("videos/v3", "v3",
 * "videos/v3/index.m3u8", "videos/e12-0a1b2c3d"), or null.
 */
export function videoName(video: string): string | null {
  const name = video.replace(/^videos\//, '').replace(/\/index\.m3u8$/, '');
  return VIDEO_NAME.test(name) ? name : null;
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  svg: 'image/svg+xml',
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
};

export function contentTypeOf(path: string): string {
  const ext = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}
