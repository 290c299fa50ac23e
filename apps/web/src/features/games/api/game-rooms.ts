import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';

export const gameRoomsKey = ['games', 'rooms'] as const;

/** GET /lgw/games/rooms: the open PVP rooms (empty while no PVP game is contracted). */
export function useGameRooms() {
  return useQuery({
    queryKey: gameRoomsKey,
    queryFn: ({ signal }) => apiCall('gameRooms', { signal }).then((v) => v.list),
    staleTime: 30_000,
  });
}
