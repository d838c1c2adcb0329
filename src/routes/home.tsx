/** Home (/): one call (/home/getIndex, cached) fills it (features/home/home-content.tsx). */
import { ErrorState } from '../components/error-state.tsx';
import { useResource } from '../components/hooks/use-resource.ts';
import { getHome } from '../features/home/home-calls.ts';
import { HomeContent, HomeSkeleton } from '../features/home/home-content.tsx';

/** The first call, sent before the first render when home is the first screen (app/first-screen.ts). */
export const prefetch = (): Promise<unknown> => getHome({ toast: false }).catch(() => undefined);

export default function HomeScreen() {
  const home = useResource('home', () => getHome({ toast: false }));
  if (home.error) return <ErrorState error={home.error} onRetry={home.retry} />;
  if (!home.data) return <HomeSkeleton />;
  return <HomeContent home={home.data} />;
}
