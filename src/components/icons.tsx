/**
 * The shell's icons, bundled as inline SVG (docs/architecture.md: shell icons ship with the build;
 * icons named by server data load through the icon endpoint later). 24×24, stroke in currentColor.
 */
import type { ReactNode, SVGProps } from 'react';

type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'>;

/** The frame of every icon; screens with their own icons build on it. */
export function Svg({ children, ...props }: IconProps & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export const IconHome = (props: IconProps) => (
  <Svg {...props}>
    <path d="M3.5 10.5 12 3.8l8.5 6.7" />
    <path d="M5.8 9v10.2h4.4v-5.4h3.6v5.4h4.4V9" />
  </Svg>
);

export const IconFilm = (props: IconProps) => (
  <Svg {...props}>
    <rect x="3.5" y="5" width="17" height="14" rx="2.5" />
    <path d="m10.3 9.2 4.4 2.8-4.4 2.8z" />
  </Svg>
);

export const IconForum = (props: IconProps) => (
  <Svg {...props}>
    <path d="M4 5.5h11.5a1.5 1.5 0 0 1 1.5 1.5v6.5a1.5 1.5 0 0 1-1.5 1.5H9l-3.5 3v-3H4a1.5 1.5 0 0 1-1.5-1.5V7A1.5 1.5 0 0 1 4 5.5z" />
    <path d="M17 9h2.5A1.5 1.5 0 0 1 21 10.5V16a1.5 1.5 0 0 1-1.5 1.5H19v2.5l-3-2.5h-3.5" />
  </Svg>
);

export const IconMelon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M3.5 9.5h17a8.5 8.5 0 0 1-17 0z" />
    <path d="M6.2 12.8a6 6 0 0 0 11.6 0" />
    <path d="M9.5 13.5v.01M12 15v.01M14.5 13.5v.01" strokeWidth="2.4" />
  </Svg>
);

export const IconUser = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="12" cy="8.5" r="4" />
    <path d="M4.5 20a7.5 7.5 0 0 1 15 0" />
  </Svg>
);

export const IconSearch = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m16 16 4.5 4.5" />
  </Svg>
);

export const IconBack = (props: IconProps) => (
  <Svg {...props}>
    <path d="M15 5.5 8.5 12l6.5 6.5" />
  </Svg>
);

export const IconChevron = (props: IconProps) => (
  <Svg {...props}>
    <path d="m9.5 5.5 6.5 6.5-6.5 6.5" />
  </Svg>
);

export const IconEye = (props: IconProps) => (
  <Svg {...props}>
    <path d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12z" />
    <circle cx="12" cy="12" r="2.8" />
  </Svg>
);

export const IconEyeOff = (props: IconProps) => (
  <Svg {...props}>
    <path d="M4 4l16 16" />
    <path d="M10.6 6.1A9.6 9.6 0 0 1 12 6c6 0 9.5 6 9.5 6a16 16 0 0 1-3 3.6M6.6 7.6A15.7 15.7 0 0 0 2.5 12s3.5 6.5 9.5 6.5a9 9 0 0 0 4.3-1.1" />
    <path d="M9.9 10a2.8 2.8 0 0 0 4 4" />
  </Svg>
);
