import type { GameType, Lane } from '@aurum/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api';

/** Vendor lanes change only when the operator edits the catalogue. */
export const LANES_STALE_MS = 5 * 60_000;

export const gameLanesKey = ['games', 'lanes'] as const;

/**
 * GET /lgw/games/lanes (`value.data.lanes`): every vendor lane of every category, with its game
 * counts per classify type. One call serves the lobbies, the category pages and the betting
 * record's category tabs, each of which picks its lanes.
 */
export function useGameLanes() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...gameLanesKey, i18n.language],
    queryFn: ({ signal }) => apiCall('gameLanes', { signal }).then((v) => v.data.lanes),
    staleTime: LANES_STALE_MS,
  });
}

/** The lanes of some categories that have games, in the server's order. */
export const lanesWithGames = (lanes: readonly Lane[] | undefined, types: readonly GameType[]): Lane[] =>
  (lanes ?? []).filter((l) => l.total > 0 && types.includes(l.gameType));

/** The categories that have games at all, in the given order (betting record tabs). */
export function typesWithGames(lanes: readonly Lane[] | undefined, order: readonly GameType[]): GameType[] {
  const present = new Set((lanes ?? []).filter((l) => l.total > 0).map((l) => l.gameType));
  return order.filter((t) => present.has(t));
}
