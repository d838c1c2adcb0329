/** The player's icons (play, pause, fullscreen in and out, picture-in-picture), in the playback chunk only. 24×24, filled or outlined. */
import type { SVGProps } from 'react';

type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'>;
const base = {
  viewBox: '0 0 24 24',
  width: 24,
  height: 24,
  fill: 'currentColor',
  'aria-hidden': true,
  focusable: false,
} as const;
/** The outlined icons: 2 px rounded strokes. */
const outlined = {
  ...base,
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

export const IconPlay = (props: IconProps) => (
  <svg {...base} {...props}>
    <path d="M8 5.2v13.6a1 1 0 0 0 1.5.86l11-6.8a1 1 0 0 0 0-1.72l-11-6.8A1 1 0 0 0 8 5.2z" />
  </svg>
);

export const IconPause = (props: IconProps) => (
  <svg {...base} {...props}>
    <rect x="6" y="5" width="4" height="14" rx="1.2" />
    <rect x="14" y="5" width="4" height="14" rx="1.2" />
  </svg>
);

export const IconExpand = (props: IconProps) => (
  <svg {...outlined} {...props}>
    <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
  </svg>
);

export const IconShrink = (props: IconProps) => (
  <svg {...outlined} {...props}>
    <path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" />
  </svg>
);

/** Picture-in-Picture: a screen with a small window in its corner. */
export const IconPip = (props: IconProps) => (
  <svg {...outlined} {...props}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <rect x="12" y="11" width="6" height="5" rx="1" fill="currentColor" stroke="none" />
  </svg>
);

/** Sound off: a speaker with a cross (点击开启声音). */
export const IconMuted = (props: IconProps) => (
  <svg {...outlined} {...props}>
    <path d="M11 5 6 9H3v6h3l5 4z" fill="currentColor" />
    <path d="m16 9 5 6M21 9l-5 6" />
  </svg>
);
