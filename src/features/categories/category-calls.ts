/**
 * One category with its path from the root and what its lists hold. The tree itself is held
 * app-wide (stores/app-init.ts); the tree call is here for a screen that wants it fresh.
 */
import { call, type CallOptions } from '../../api/client.ts';
import type { CategoryDetail, CategoryNode } from '../../../contract/calls/content.ts';
import { API } from '../../../contract/calls/paths.ts';

type ToastOption = Pick<CallOptions, 'toast'>;

export const getCategoryTree = (options?: ToastOption): Promise<CategoryNode[]> =>
  call(API.categoryTree, {}, { ...options, cache: true });

/** Rejects with code 6 for an unknown categoryId. */
export const getCategoryDetail = (categoryId: number, options?: ToastOption): Promise<CategoryDetail> =>
  call(API.categoryDetail, { categoryId }, { ...options, cache: true });
