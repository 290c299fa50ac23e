import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, useEffect } from 'react';
import { ChunkErrorPanel, ErrorBoundary, ToastViewport } from '../components/ui';
import { setSessionEndHandler } from '../lib/api';
import { loadChunk } from '../lib/chunks/chunk-load';
import { LotteryRoundViewProvider } from '../lib/lottery/round-detail';
import { ContractAlerts } from './contract-alerts';
import { queryClient } from './query-client';
import { navigateHome } from './router';
import { StartupGate } from './startup/startup-gate';

/** A lottery ticket's round in the betting record, drawn by the lottery feature (its own chunk). */
const LotteryRoundView = lazy(() => loadChunk(() => import('../features/lottery/components/round-detail')));

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
        <LotteryRoundViewProvider value={LotteryRoundView}>
          <StartupGate />
        </LotteryRoundViewProvider>
      </ErrorBoundary>
      <ContractAlerts />
      <ToastViewport />
    </QueryClientProvider>
  );
}
