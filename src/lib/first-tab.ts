/**
 * The tab a screen of tabs opens on: the first that has something, else the first. A screen never
 * opens on an empty tab beside a full one (a tag of topics only, a member who only bought articles).
 */
export function firstTabWithContent<T>(tabs: readonly T[], count: (tab: T) => number | undefined): T {
  return tabs.find((tab) => (count(tab) ?? 0) > 0) ?? tabs[0]!;
}
