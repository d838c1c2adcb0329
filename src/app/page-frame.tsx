/**
 * One kept page: its location goes through wouter's <Switch location> over the route table; the
 * match renders its layout around its lazy screen, inside an error boundary. No match is the 404
 * of docs/spec.md section 2 ("Page not found: {path}"), shown by the error page without throwing.
 */
import { memo, Suspense, useEffect, useMemo, useState } from 'react';
import { Route, Switch, type DefaultParams } from 'wouter';
import { PageLoading } from '../components/page-loading.tsx';
import { messages } from '../messages.ts';
import { useSiteInfo } from '../stores/site.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { ErrorPage } from './error-page.tsx';
import { layoutByName } from './layouts/layout-by-name.ts';
import { NotFoundError } from '../components/page/not-found-error.ts';
import { PageContext, type PageInfo } from '../components/page/page-context.tsx';
import { decodeParams, routeTable } from './route-table.ts';
import type { RouteEntry } from '../components/page/screen.ts';

function useDocumentTitle(title: string, isHome: boolean): void {
  const siteTitle = useSiteInfo()?.title ?? messages.app.fallbackTitle;
  useEffect(() => {
    document.title = isHome ? siteTitle : `${title} - ${siteTitle}`;
  }, [title, siteTitle, isHome]);
}

function PageFrame({ entry, pathname, params }: { entry: RouteEntry; pathname: string; params: DefaultParams }) {
  const decoded = useMemo(() => decodeParams(params), [params]);
  const [title, setTitle] = useState(entry.title);
  const page = useMemo<PageInfo>(
    () => ({ pathname, entry, params: decoded, title, setTitle }),
    [pathname, entry, decoded, title],
  );
  useDocumentTitle(title, entry.name === 'home');

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
    document.title = messages.errors.notFoundTitle;
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
