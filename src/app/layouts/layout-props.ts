import type { ReactNode } from 'react';
import type { ScreenParams } from '../screen.ts';

export interface LayoutProps {
  title: string;
  pathname: string;
  params: ScreenParams;
  children: ReactNode;
}
