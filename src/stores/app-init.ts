/**
 * The app-wide lists of docs/spec.md section 3 (banners, categories, CDN lines, dictionary, hot tags),
 * filled once at start by loadAppInit() from /system/init and persisted, so a cold start offline
 * still has them. The CDN lines go to stores/cdn.ts, which then races them. Not in the entry bundle:
 * app.tsx imports it after the session started, and it hydrates itself when first imported.
 */
import { proxy, type Snapshot } from 'valtio/vanilla';
import type { AppInit, CategoryNode, DictEntry } from '../../contract/calls/content.ts';
import { useContext } from 'react';
import { useSnapshot } from 'valtio/react';
import { call } from '../api/client.ts';
import { carriesFirstAnswer } from '../api/first-answer.ts';
import { answerKey } from '../../contract/first-paint.ts';
import { API } from '../../contract/calls/paths.ts';
import { STORE_KEYS } from '../lib/storage-keys.ts';
import { cdnReady, raceCdnLines } from './cdn.ts';
import { persist } from './persist.ts';
import { RenderValuesContext } from './render-values.ts';

export interface AppInitState extends AppInit {
  /** True once the lists are known (from the server, or from the persisted copy). */
  loaded: boolean;
}

export const appInitState = proxy<AppInitState>({
  banners: [],
  categories: [],
  cdnLines: [],
  dictionary: {},
  hotTags: [],
  hotWords: [],
  loaded: false,
});

/** A category as read from the store or from a snapshot of it (readonly all the way down). */
export type CategoryView = Readonly<Omit<CategoryNode, 'childList'>> & { readonly childList: readonly CategoryView[] };

const hydrated = Promise.all([persist(STORE_KEYS.appInit, appInitState), cdnReady]);

let loading: Promise<void> | null = null;

/**
 * Fetches the lists (once per page load; a failure allows the next call to try again) and races
 * the CDN lines. With a persisted copy, or lines the page brought (a first visit to a page with a
 * first paint), those lines are raced at once instead of after the call (the call's lines race
 * again only when they differ: raceCdnLines).
 */
export function loadAppInit(): Promise<void> {
  loading ??= (async () => {
    await hydrated;
    if (appInitState.loaded) void raceCdnLines(appInitState.cdnLines);
    else if (carriesFirstAnswer(answerKey(API.cdnLines, {}))) {
      // Its lines came with the page (the lists did not): the player's stream and the images need
      // not wait for the lists' call. Taken from the page, not the network, and beside that call,
      // not before it: sent a moment later, the call met the ticket and the playlist in the
      // browser's six connections on slow 4G (docs/performance.md, the player's tap at once).
      void call(API.cdnLines, {}, { cache: true, toast: false }).then(
        (lines) => {
          if (!appInitState.loaded) void raceCdnLines(lines);
        },
        () => undefined, // the lists' call brings them
      );
    }
    try {
      const data = await call(API.init, {}, { cache: true, toast: !appInitState.loaded });
      Object.assign(appInitState, { ...data, loaded: true });
      await raceCdnLines(data.cdnLines);
    } catch (error) {
      loading = null;
      if (!appInitState.loaded) throw error;
    }
  })();
  return loading;
}

/** Depth-first walk of the category tree (three levels). */
function findNode(nodes: readonly CategoryView[], test: (node: CategoryView) => boolean): CategoryView | null {
  for (const node of nodes) {
    if (test(node)) return node;
    const inChildren = findNode(node.childList, test);
    if (inChildren) return inChildren;
  }
  return null;
}

export const findCategory = (
  categoryId: number,
  tree: readonly CategoryView[] = appInitState.categories,
): CategoryView | null => findNode(tree, (node) => node.categoryId === categoryId);

/** The category whose route is `route` (e.g. "/movie", "/forum"), trailing slashes ignored. */
export function categoryByRoute(
  route: string,
  tree: readonly CategoryView[] = appInitState.categories,
): CategoryView | null {
  const wanted = route.replace(/\/+$/, '') || '/';
  return findNode(tree, (node) => node.route !== null && (node.route.replace(/\/+$/, '') || '/') === wanted);
}

/** The dictionary's entries of one type (e.g. "movieSort", "contentType"); [] when unknown. */
export const dictEntries = (type: string): readonly DictEntry[] => appInitState.dictionary[type] ?? [];

/** The lists in a component: the render's own (server first paint), else the store's. */
export function useAppInit(): Snapshot<AppInitState> {
  const given = useContext(RenderValuesContext);
  const snapshot = useSnapshot(appInitState);
  return given ? { ...given.appInit, loaded: true } : snapshot;
}
