/** Icons of the downloads screens, on the shell's icon frame. */
import type { SVGProps } from 'react';
import { Svg } from '../../components/icons.tsx';

type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'>;

export const IconDownload = (props: IconProps) => (
  <Svg {...props}>
    <path d="M12 4v11M7.5 10.5 12 15l4.5-4.5M5 19.5h14" />
  </Svg>
);

export const IconPause = (props: IconProps) => (
  <Svg {...props}>
    <path d="M9 6v12M15 6v12" />
  </Svg>
);

export const IconResume = (props: IconProps) => (
  <Svg {...props}>
    <path d="M8 5.5v13l10-6.5z" />
  </Svg>
);
