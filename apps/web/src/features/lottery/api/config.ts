import { type LotteryConfig, parseLotteryConfig } from '@aurum/games';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { lotteryPublicRoot } from '../../../lib/lottery/keys';

export const lotteryConfigKey = [...lotteryPublicRoot, 'config'] as const;

/**
 * GET /lgw/lottery/config: the merchant's lottery configuration, read by the engine as the server
 * reads it, so the slip counts and prices bets with the same quoteBet. null: no lottery. Asked
 * again when a bet is refused for a changed board.
 */
export function useLotteryConfig() {
  return useQuery({
    queryKey: lotteryConfigKey,
    queryFn: async ({ signal }): Promise<{ version: number; config: LotteryConfig | null }> => {
      const reply = await apiCall('lotteryConfig', { signal });
      return {
        version: reply.version,
        config: reply.config === null ? null : parseLotteryConfig(reply.config),
      };
    },
    staleTime: 5 * 60_000,
  });
}
