import { lazy, Suspense } from 'react';
import { loadChunk } from '../lib/chunks/chunk-load';
import { useSession } from '../lib/session/session-store';

const ContractListener = lazy(() => loadChunk(() => import('../features/agent/contracts/contract-listener')));

/** The agent contracts' live listener: loaded only once an agent (not a trial account) is signed in. */
export function ContractAlerts() {
  const { token, isAgent, isTrial } = useSession();
  if (!token || !isAgent || isTrial) return null;
  return (
    <Suspense fallback={null}>
      <ContractListener />
    </Suspense>
  );
}
