/**
 * Sends one bet: a fresh request id per bet, the button held disabled (busy) until the reply,
 * and a failure turned into the toast the player needs. Resolves to the round or null.
 */
import { useCallback, useState } from 'react';
import { type PlayBody, type PlayValue, playCall } from '../api/play-api';
import { newRequestId } from '../lib/request-id';
import { usePlay } from './play-context';

type BetRoute = 'slotSpin' | 'baccaratDeal' | 'diceRoll' | 'plinkoDrop';

export function useBet<N extends BetRoute>(name: N) {
  const { fail } = usePlay();
  const [busy, setBusy] = useState(false);
  const place = useCallback(
    async (body: Omit<PlayBody<N>, 'requestId'>): Promise<PlayValue<N> | null> => {
      setBusy(true);
      try {
        return await playCall(name, { ...body, requestId: newRequestId() } as PlayBody<N>);
      } catch (error) {
        fail(error);
        return null;
      } finally {
        setBusy(false);
      }
    },
    [name, fail],
  );
  return { place, busy };
}
