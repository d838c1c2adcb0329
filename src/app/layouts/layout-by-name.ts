/** The four layouts of docs/spec.md section 2, by the name the route table uses. */
import type { ComponentType } from 'react';
import type { LayoutName } from '../../components/page/screen.ts';
import { DefaultLayout } from './default.tsx';
import type { LayoutProps } from './layout-props.ts';
import { PageFullLayout } from './page-full.tsx';
import { PageInsedeLayout } from './page-insede.tsx';
import { PageSearchLayout } from './page-search.tsx';

export const layoutByName: Record<LayoutName, ComponentType<LayoutProps>> = {
  default: DefaultLayout,
  'page-full': PageFullLayout,
  'page-insede': PageInsedeLayout,
  'page-search': PageSearchLayout,
};
