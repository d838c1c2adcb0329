/**
 * The 2:3 crop frame's geometry, in source pixels: the largest centred frame to start with, moves
 * and resizes kept inside the image, and whole pixels for the server.
 */
import { POSTER_MIN_CROP_WIDTH, type CropRect } from '../../../contract/admin/catalogue.ts';

export const RATIO = 2 / 3;

export interface Frame {
  x: number;
  y: number;
  width: number;
}

export interface Size {
  width: number;
  height: number;
}

export const heightOf = (frame: Frame): number => frame.width / RATIO;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The widest frame the image holds. */
export const maxWidth = (image: Size): number => Math.min(image.width, image.height * RATIO);

export function initialFrame(image: Size): Frame {
  const width = maxWidth(image);
  return { x: (image.width - width) / 2, y: (image.height - width / RATIO) / 2, width };
}

/** The frame moved by (dx, dy), kept inside. */
export const moved = (frame: Frame, image: Size, dx: number, dy: number): Frame => ({
  ...frame,
  x: clamp(frame.x + dx, 0, image.width - frame.width),
  y: clamp(frame.y + dy, 0, image.height - heightOf(frame)),
});

/** The frame with a new width, its top-left corner kept, then kept inside. */
export function resized(frame: Frame, image: Size, width: number): Frame {
  const min = Math.min(POSTER_MIN_CROP_WIDTH, maxWidth(image));
  const next = { ...frame, width: clamp(width, min, maxWidth(image)) };
  return moved(next, image, 0, 0);
}

/** Whole pixels inside the image, for POST /movies/:id/poster. */
export function cropOf(frame: Frame, image: Size): CropRect {
  const width = Math.max(1, Math.floor(Math.min(frame.width, image.width)));
  const height = Math.max(1, Math.min(Math.round(width / RATIO), image.height));
  return {
    x: clamp(Math.round(frame.x), 0, image.width - width),
    y: clamp(Math.round(frame.y), 0, image.height - height),
    width,
    height,
  };
}
