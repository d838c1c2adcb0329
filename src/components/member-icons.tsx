/** Icons of the member area (bundled with its screens, not with the shell), on the shell's Svg frame. */
import { Svg } from './icons.tsx';

type IconProps = { className?: string };

export const IconWallet = (props: IconProps) => (
  <Svg {...props}>
    <path d="M4 7.5A2.5 2.5 0 0 1 6.5 5h10A1.5 1.5 0 0 1 18 6.5V8" />
    <rect x="4" y="8" width="16" height="11" rx="2.5" />
    <path d="M16 13.5h.01" strokeWidth="2.6" />
  </Svg>
);

export const IconCrown = (props: IconProps) => (
  <Svg {...props}>
    <path d="m4 8 4 3.5L12 5l4 6.5L20 8l-1.6 9.5H5.6z" />
    <path d="M6 20.5h12" />
  </Svg>
);

export const IconGift = (props: IconProps) => (
  <Svg {...props}>
    <rect x="4" y="9" width="16" height="4" rx="1" />
    <path d="M5.5 13v7h13v-7M12 9v11" />
    <path d="M12 9S10.8 4.5 8.3 4.6C6.6 4.7 6.5 7.4 8.4 8.3 9.6 9 12 9 12 9zm0 0s1.2-4.5 3.7-4.4c1.7.1 1.8 2.8-.1 3.7C14.4 9 12 9 12 9z" />
  </Svg>
);

export const IconBag = (props: IconProps) => (
  <Svg {...props}>
    <path d="M5 8h14l-1 12H6z" />
    <path d="M9 10V7a3 3 0 0 1 6 0v3" />
  </Svg>
);

export const IconClock = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 7.5V12l3 2" />
  </Svg>
);

export const IconGear = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="12" cy="12" r="3" />
    <path d="M12 3.5v2.2M12 18.3v2.2M3.5 12h2.2M18.3 12h2.2M6 6l1.6 1.6M16.4 16.4 18 18M6 18l1.6-1.6M16.4 7.6 18 6" />
  </Svg>
);

export const IconCoin = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M9.5 9.5h5M9.5 12h5M12 12v5M9.5 6.8 12 9.5l2.5-2.7" />
  </Svg>
);

export const IconSpark = (props: IconProps) => (
  <Svg {...props}>
    <path d="M12 3.5 14 10l6.5 2-6.5 2-2 6.5-2-6.5L3.5 12 10 10z" />
  </Svg>
);

export const IconCamera = (props: IconProps) => (
  <Svg {...props}>
    <path d="M4 8.5A1.5 1.5 0 0 1 5.5 7h2l1.5-2h6l1.5 2h2A1.5 1.5 0 0 1 20 8.5v9a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 17.5z" />
    <circle cx="12" cy="12.5" r="3.5" />
  </Svg>
);

export const IconCheck = (props: IconProps) => (
  <Svg {...props}>
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </Svg>
);

export const IconCalendar = (props: IconProps) => (
  <Svg {...props}>
    <rect x="4" y="5.5" width="16" height="14" rx="2.5" />
    <path d="M4 10h16M8.5 3.5v4M15.5 3.5v4M9 14.5l2 2 4-4" />
  </Svg>
);

export const IconAddSquare = (props: IconProps) => (
  <Svg {...props}>
    <rect x="4" y="4" width="16" height="16" rx="3.5" />
    <path d="M12 8.5v7M8.5 12h7" />
  </Svg>
);

export const IconTrash = (props: IconProps) => (
  <Svg {...props}>
    <path d="M4.5 7h15M9.5 7V4.5h5V7M6.5 7l1 13h9l1-13" />
  </Svg>
);

export const IconLogout = (props: IconProps) => (
  <Svg {...props}>
    <path d="M14 4.5H6.5A1.5 1.5 0 0 0 5 6v12a1.5 1.5 0 0 0 1.5 1.5H14M10 12h10M16.5 8.5 20 12l-3.5 3.5" />
  </Svg>
);

/** Payment brands as simple marks in their colours (styles set the colour). */
export const IconAlipay = (props: IconProps) => (
  <Svg {...props}>
    <rect x="3.5" y="3.5" width="17" height="17" rx="4" />
    <path d="M7.5 8.5h9M12 6.5v5M8.5 11.5h7c-.8 3.5-4 6-8 6.5M10.5 14c2 1.3 5 2.8 8 3.5" />
  </Svg>
);

export const IconWechat = (props: IconProps) => (
  <Svg {...props}>
    <path d="M9.5 5C5.9 5 3 7.3 3 10.2c0 1.6.9 3 2.3 4l-.6 2 2.3-1.2c.8.3 1.6.4 2.5.4" />
    <path d="M14.8 9.5c-3.4 0-6 2.1-6 4.7s2.6 4.8 6 4.8c.7 0 1.4-.1 2-.3l2 1-.5-1.8c1.5-.9 2.5-2.2 2.5-3.7 0-2.6-2.7-4.7-6-4.7z" />
    <path d="M7 8.5h.01M11.5 8.5h.01M13 13.5h.01M16.5 13.5h.01" strokeWidth="2.4" />
  </Svg>
);
