/**
 * The provably-fair state of a dice or plinko page: the committed server-seed hash, the client
 * seed and the next nonce (from the session, then from every round's answer), the client-seed
 * change and the rotation that reveals the old server seed.
 */
import type { FairState } from '@aurum/contract';
import { useCallback, useState } from 'react';
import { type PlayValue, playCall } from '../api/play-api';
import { usePlay } from '../frame/play-context';

export type RotatedSeed = PlayValue<'rotateSeed'>['previous'];

export function useFair() {
  const { session, fail, notify } = usePlay();
  const [fair, setFair] = useState<FairState | null>(session.fair);
  const [revealed, setRevealed] = useState<RotatedSeed | null>(null);
  const [busy, setBusy] = useState(false);

  const run = useCallback(
    async <T>(call: () => Promise<T>): Promise<T | null> => {
      setBusy(true);
      try {
        return await call();
      } catch (error) {
        fail(error);
        return null;
      } finally {
        setBusy(false);
      }
    },
    [fail],
  );

  const saveClientSeed = useCallback(
    async (clientSeed: string, savedText: string) => {
      const next = await run(() => playCall('clientSeed', { clientSeed }));
      if (next) {
        setFair(next);
        notify(savedText);
      }
      return next !== null;
    },
    [run, notify],
  );

  const rotate = useCallback(async () => {
    const result = await run(() => playCall('rotateSeed'));
    if (result) {
      setFair(result.current);
      setRevealed(result.previous);
    }
  }, [run]);

  return { fair, setFair, revealed, busy, saveClientSeed, rotate };
}
