/** The danmaku controls' icons (switch on and off, settings, list, style), 24×24, in the playback chunk. */
import type { SVGProps } from 'react';

type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'>;
const base = {
  viewBox: '0 0 24 24',
  width: 24,
  height: 24,
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

export const IconDanmaku = ({ off, ...props }: IconProps & { off?: boolean }) => (
  <svg {...base} {...props}>
    <rect x="3" y="4.5" width="18" height="15" rx="3" />
    <path d="M7 9.5h6M9 14h8" />
    {off && <path d="M4 21 20 3" />}
  </svg>
);

export const IconSliders = (props: IconProps) => (
  <svg {...base} {...props}>
    <path d="M4 7h9M17 7h3M4 17h3M11 17h9" />
    <circle cx="15" cy="7" r="2" />
    <circle cx="9" cy="17" r="2" />
  </svg>
);

export const IconList = (props: IconProps) => (
  <svg {...base} {...props}>
    <path d="M9 6.5h11M9 12h11M9 17.5h11" />
    <circle cx="4.8" cy="6.5" r="0.6" fill="currentColor" />
    <circle cx="4.8" cy="12" r="0.6" fill="currentColor" />
    <circle cx="4.8" cy="17.5" r="0.6" fill="currentColor" />
  </svg>
);

export const IconStyle = (props: IconProps) => (
  <svg {...base} {...props}>
    <path d="M5 19 10.5 5h3L19 19M7.5 13.5h9" />
  </svg>
);
