import { lazy, Suspense } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ChunkErrorPanel } from '../components/ui';
import { useReleasePrerender } from '../lib/prerender';

const NotFoundPage = lazy(() => import('../features/system/components/not-found-page'));

/** A route that failed: a 404 response gets the not-found page; failed chunks the ChunkLoadError panel. */
export function RouteError() {
  const error = useRouteError();
  useReleasePrerender();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Suspense fallback={null}>
        <NotFoundPage />
      </Suspense>
    );
  }
  return <ChunkErrorPanel error={error} />;
}
