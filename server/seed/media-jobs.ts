/**
 * The list of media files the demo data points at, as jobs for generate-media.ts: posters (two
 * sizes each), the shared cover pool, banners, featured covers, avatars and the HLS videos. Tests
 * build a handful of jobs with the same builders instead of the whole list.
 */
import { mediaKeys, posterFiles, SIZES, type ImageSize } from '../media/media-layout.ts';
import { randomMood, type ArtSpec } from './art-svg.ts';
import { COUNTS, type DemoPlan } from './plan-types.ts';
import type { Mood } from './words-movies.ts';

export interface ImageJob {
  kind: 'image';
  spec: ArtSpec;
  /** Media keys and their sizes; the first is the size the art is rendered at. */
  outputs: { key: string; size: ImageSize }[];
}

export interface VideoJob {
  kind: 'video';
  /** videos/v{n}: a 360p + 720p ladder (demo-video.ts) */
  key: string;
  n: number;
  seconds: number;
}

export type MediaJob = ImageJob | VideoJob;

const image = (seed: string, mood: Mood, outputs: ImageJob['outputs'], fadeBottom = false): ImageJob => ({
  kind: 'image',
  spec: { seed, mood, width: outputs[0]!.size.width, height: outputs[0]!.size.height, fadeBottom },
  outputs,
});

export function posterJob(movieId: number, mood: Mood): ImageJob {
  const files = posterFiles(mediaKeys.poster(movieId));
  return image(
    `poster-${movieId}`,
    mood,
    [
      { key: files.large, size: SIZES.posterLarge },
      { key: files.small, size: SIZES.posterSmall },
    ],
    true,
  );
}

export const coverJob = (n: number): ImageJob =>
  image(`cover-${n}`, randomMood(`cover-${n}`), [{ key: mediaKeys.cover(n), size: SIZES.cover }]);

export const bannerJob = (n: number): ImageJob =>
  image(`banner-${n}`, randomMood(`banner-${n}`), [{ key: mediaKeys.banner(n), size: SIZES.banner }]);

export const featuredJob = (n: number, mood: Mood): ImageJob =>
  image(`featured-${n}`, mood, [{ key: mediaKeys.featured(n), size: SIZES.featured }], true);

export const avatarJob = (n: number): ImageJob =>
  image(`avatar-${n}`, randomMood(`avatar-${n}`), [{ key: mediaKeys.avatar(n), size: SIZES.avatar }]);

/**
 * Demo video n lasts 48, 56, 64, 72, 80 or 88 s (12 to 22 segments of 4 s); the plan gives each
 * movie and episode the length of its video (plan-movies.ts).
 */
export const demoVideoSeconds = (n: number): number => 48 + ((n - 1) % 6) * 8;

export const videoJob = (n: number, seconds: number = demoVideoSeconds(n)): VideoJob => ({
  kind: 'video',
  key: mediaKeys.video(n),
  n,
  seconds,
});

/** Every file the plan refers to; videos first, as they take longest. */
export function demoMediaJobs(plan: DemoPlan): MediaJob[] {
  return [
    ...Array.from({ length: COUNTS.videos }, (_, i) => videoJob(i + 1)),
    ...plan.movies.map((movie) => posterJob(movie.id, movie.mood)),
    ...Array.from({ length: COUNTS.covers }, (_, i) => coverJob(i + 1)),
    ...plan.banners.map((banner) => bannerJob(banner.id)),
    ...plan.featured.map((featured) => featuredJob(featured.id, featured.mood)),
    ...plan.authors.map((author) => avatarJob(author.n)),
  ];
}
