import type { ReactNode } from 'react';
import type { ScreenParams } from '../../components/page/screen.ts';

export interface LayoutProps {
  title: string;
  pathname: string;
  params: ScreenParams;
  children: ReactNode;
}
