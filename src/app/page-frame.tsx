/**
 * One kept page: its location goes through wouter's <Switch location> over the route table; the
 * match renders its layout around its lazy screen, inside an error boundary. No match is the 404
 * of docs/spec.md section 2 ("Page not found: {path}"), shown by the error page without throwing.
 */
import { memo, Suspense, useEffect, useMemo, useState } from 'react';
import { Route, Switch, type DefaultParams } from 'wouter';
import { PageLoading } from '../components/page-loading.tsx';
import { pageTitle, TITLE_SECTIONS } from '../../contract/page-head.ts';
import { shellMessages } from '../shell-messages.ts';
import { useSiteInfo } from '../stores/site.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { ErrorPage } from './error-page.tsx';
import { layoutByName } from './layouts/layout-by-name.ts';
import { NotFoundError } from '../components/page/not-found-error.ts';
import { PageContext, type PageInfo } from '../components/page/page-context.tsx';
import { decodeParams, routeTable } from './route-table.ts';
import type { RouteEntry } from '../components/page/screen.ts';

/**
 * The document title, as the server's head writes it (contract/page-head.ts: item - section - site),
 * and the canonical URL (and og:url) of the page shown: its path on this origin, without a query.
 */
function useDocumentHead(entry: RouteEntry, title: string, headItem: string | null, pathname: string): void {
  const siteTitle = useSiteInfo()?.title ?? shellMessages.app.fallbackTitle;
  const item = headItem ?? (title === entry.title ? null : title);
  useEffect(() => {
    document.title =
      entry.name === 'home' ? siteTitle : pageTitle(siteTitle, item && TITLE_SECTIONS[entry.name], item ?? title);
    const url = location.origin + pathname;
    let link = document.querySelector<HTMLLinkElement>('link[rel=canonical]');
    if (!link) {
      link = document.head.appendChild(document.createElement('link'));
      link.rel = 'canonical';
    }
    link.href = url; // read back percent-encoded, as the server writes it
    document.querySelector('meta[property="og:url"]')?.setAttribute('content', link.href);
  }, [entry, title, item, siteTitle, pathname]);
}

function PageFrame({ entry, pathname, params }: { entry: RouteEntry; pathname: string; params: DefaultParams }) {
  const decoded = useMemo(() => decodeParams(params), [params]);
  const [title, setTitle] = useState(entry.title);
  const [headItem, setHeadItem] = useState<string | null>(null);
  const page = useMemo<PageInfo>(
    () => ({ pathname, entry, params: decoded, title, setTitle, setHeadItem }),
    [pathname, entry, decoded, title],
  );
  useDocumentHead(entry, title, headItem, pathname);

  const Layout = layoutByName[entry.layout];
  const Screen = entry.screen;
  return (
    <PageContext value={page}>
      <ErrorBoundary>
        <Layout title={title} pathname={pathname} params={decoded}>
          <Suspense fallback={<PageLoading />}>
            <Screen params={decoded} />
          </Suspense>
        </Layout>
      </ErrorBoundary>
    </PageContext>
  );
}

function NotFound({ pathname }: { pathname: string }) {
  const error = useMemo(() => new NotFoundError(pathname), [pathname]);
  useEffect(() => {
    document.title = shellMessages.errors.notFoundTitle;
  }, []);
  return <ErrorPage error={error} />;
}

/** Memoised: a kept page re-renders only for its own reasons, not on every navigation. */
export const PageSwitch = memo(function PageSwitch({ pathname }: { pathname: string }) {
  return (
    <Switch location={pathname}>
      {routeTable.map((entry) => (
        <Route key={entry.name} path={entry.pattern}>
          {(params) => <PageFrame entry={entry} pathname={pathname} params={params} />}
        </Route>
      ))}
      <Route key="not-found">{() => <NotFound pathname={pathname} />}</Route>
    </Switch>
  );
});
