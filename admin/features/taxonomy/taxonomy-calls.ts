/** The 分类与标签 page's calls to /admin-api/taxonomy (docs/admin-api.md), one function each. */
import type {
  AdminCategory,
  AdminFeatured,
  AdminFeaturedDetail,
  AdminTag,
  CategoryChange,
  CategoryMove,
  CategoryTreeAnswer,
  ContentPick,
  FeaturedChange,
  FeaturedItemRef,
  FeaturedItemType,
  HotWord,
  HotWordBlock,
  HotWordBlockList,
  HotWordList,
  MediaChoice,
  NewCategory,
  TagPage,
} from '../../../contract/admin/taxonomy.ts';
import { adminCall } from '../../api/admin-client.ts';

export const fetchCategories = () => adminCall<CategoryTreeAnswer>('GET', '/taxonomy/categories');
export const addCategory = (body: NewCategory) => adminCall<AdminCategory>('POST', '/taxonomy/categories', { body });
export const changeCategory = (id: number, body: CategoryChange) =>
  adminCall<AdminCategory>('PATCH', `/taxonomy/categories/${id}`, { body });
export const moveCategory = (id: number, body: CategoryMove) =>
  adminCall<AdminCategory>('POST', `/taxonomy/categories/${id}/move`, { body });
export const deleteCategory = (id: number) => adminCall<null>('DELETE', `/taxonomy/categories/${id}`);

export const fetchTags = (q: string, hot: '' | '1' | '0', page: number) =>
  adminCall<TagPage>('GET', '/taxonomy/tags', { query: { q: q.trim(), hot, page } });
export const addTag = (name: string, hot: boolean) =>
  adminCall<AdminTag>('POST', '/taxonomy/tags', { body: { name, hot } });
export const changeTag = (id: number, body: { name?: string; hot?: boolean }) =>
  adminCall<AdminTag>('PATCH', `/taxonomy/tags/${id}`, { body });
export const deleteTag = (id: number) => adminCall<null>('DELETE', `/taxonomy/tags/${id}`);
export const mergeTag = (id: number, intoId: number) =>
  adminCall<AdminTag>('POST', `/taxonomy/tags/${id}/merge`, { body: { intoId } });

export const fetchFeatured = () => adminCall<{ list: AdminFeatured[] }>('GET', '/taxonomy/featured');
export const fetchFeaturedDetail = (id: number) => adminCall<AdminFeaturedDetail>('GET', `/taxonomy/featured/${id}`);
export const addFeatured = (body: FeaturedChange) =>
  adminCall<AdminFeaturedDetail>('POST', '/taxonomy/featured', { body });
export const changeFeatured = (id: number, body: FeaturedChange) =>
  adminCall<AdminFeaturedDetail>('PATCH', `/taxonomy/featured/${id}`, { body });
export const moveFeatured = (id: number, position: number) =>
  adminCall<AdminFeaturedDetail>('POST', `/taxonomy/featured/${id}/move`, { body: { position } });
export const deleteFeatured = (id: number) => adminCall<null>('DELETE', `/taxonomy/featured/${id}`);
export const saveFeaturedItems = (id: number, items: FeaturedItemRef[]) =>
  adminCall<AdminFeaturedDetail>('PUT', `/taxonomy/featured/${id}/items`, { body: { items } });
export const searchContent = (q: string, type: FeaturedItemType | '') =>
  adminCall<{ list: ContentPick[] }>('GET', '/taxonomy/content', { query: { q: q.trim(), type } });
export const fetchCovers = () => adminCall<{ list: MediaChoice[] }>('GET', '/taxonomy/featured-covers');
export const uploadCover = (image: string) =>
  adminCall<MediaChoice>('POST', '/taxonomy/featured-covers', { body: { image } });

export const fetchHotWords = (siteId: number | null) =>
  adminCall<HotWordList>('GET', '/taxonomy/hot-words', { query: { siteId } });
export const addHotWord = (siteId: number, word: string, pinned: boolean) =>
  adminCall<HotWord>('POST', '/taxonomy/hot-words', { body: { siteId, word, pinned } });
export const changeHotWord = (id: number, body: { word?: string; pinned?: boolean }) =>
  adminCall<HotWord>('PATCH', `/taxonomy/hot-words/${id}`, { body });
export const moveHotWord = (id: number, position: number) =>
  adminCall<HotWord>('POST', `/taxonomy/hot-words/${id}/move`, { body: { position } });
export const deleteHotWord = (id: number) => adminCall<null>('DELETE', `/taxonomy/hot-words/${id}`);

export const fetchHotWordBlocks = (siteId: number) =>
  adminCall<HotWordBlockList>('GET', '/taxonomy/hot-word-blocks', { query: { siteId } });
export const blockHotWord = (siteId: number, word: string) =>
  adminCall<HotWordBlock>('POST', '/taxonomy/hot-word-blocks', { body: { siteId, word } });
export const unblockHotWord = (id: number) => adminCall<null>('DELETE', `/taxonomy/hot-word-blocks/${id}`);

/** A chosen file as a data: URL (the cover upload's body). */
export const readAsDataUrl = (file: File): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
