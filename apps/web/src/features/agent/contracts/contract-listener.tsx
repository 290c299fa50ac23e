import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onRealtimeEvent } from '../../../lib/realtime/events';
import { refreshContracts } from '../api/contracts';

/**
 * Follows the signed-in agent's contract events on the session socket: an offer, an answer, a
 * termination or a settlement reads the contracts, the pending requests (the badges) and the
 * bills again, and a settlement the balance too. Its own chunk, loaded only for a signed-in
 * agent (app/contract-alerts.tsx).
 */
export default function ContractListener() {
  const client = useQueryClient();
  useEffect(
    () =>
      onRealtimeEvent((m) => {
        if (m.type === 'contract') refreshContracts(client, m.state === 'settled' || m.state === 'claimed');
      }),
    [client],
  );
  return null;
}
