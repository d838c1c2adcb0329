/** Home (/): one call (/home/getIndex, cached) fills it (features/home/home-content.tsx). */
import { ErrorState } from '../components/error-state.tsx';
import { useResource } from '../components/hooks/use-resource.ts';
import { getHome } from '../features/home/home-calls.ts';
import { HomeContent, HomeSkeleton } from '../features/home/home-content.tsx';
import { shellMessages } from '../shell-messages.ts';
import { useSiteInfo } from '../stores/site.ts';

/** The first call, sent before the first render when home is the first screen (app/first-screen.ts). */
export const prefetch = (): Promise<unknown> => getHome({ toast: false }).catch(() => undefined);

export default function HomeScreen() {
  const home = useResource('home', () => getHome({ toast: false }));
  const info = useSiteInfo();
  return (
    <>
      {/* The page's one level-one heading (the logo says it to the eye). */}
      <h1 className="visually-hidden">{info?.title ?? shellMessages.app.fallbackTitle}</h1>
      {home.error ? (
        <ErrorState error={home.error} onRetry={home.retry} />
      ) : home.data ? (
        <HomeContent home={home.data} />
      ) : (
        <HomeSkeleton />
      )}
    </>
  );
}
