import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ChunkErrorPanel, ErrorBoundary, ToastViewport } from '../components/ui';
import { setSessionEndHandler } from '../lib/api';
import { queryClient } from './query-client';
import { navigateHome } from './router';
import { StartupGate } from './startup/startup-gate';

export function App() {
  useEffect(() => {
    // api-notes: a session-ending code clears the session (done by the client) and goes home.
    setSessionEndHandler(() => {
      queryClient.removeQueries({ queryKey: ['member'] });
      navigateHome();
    });
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      {/* Last resort: anything that escapes the router's own error handling still gets a panel. */}
      <ErrorBoundary fallback={(error) => <ChunkErrorPanel error={error} />}>
        <StartupGate />
      </ErrorBoundary>
      <ToastViewport />
    </QueryClientProvider>
  );
}
