/** The inbox's icons (the /mine entry's and a system notice's), on the shell's Svg frame. */
import { Svg } from '../../components/icons.tsx';

type IconProps = { className?: string };

export const IconMessage = (props: IconProps) => (
  <Svg {...props}>
    <path d="M5 5.5h14a1.5 1.5 0 0 1 1.5 1.5v9a1.5 1.5 0 0 1-1.5 1.5h-8.5L6 21v-3.5H5A1.5 1.5 0 0 1 3.5 16V7A1.5 1.5 0 0 1 5 5.5z" />
    <path d="M8 10.5h8M8 13.5h5" />
  </Svg>
);

export const IconBell = (props: IconProps) => (
  <Svg {...props}>
    <path d="M6 16.5V11a6 6 0 0 1 12 0v5.5l1.5 1.5h-15z" />
    <path d="M10 20.5a2.2 2.2 0 0 0 4 0" />
  </Svg>
);
