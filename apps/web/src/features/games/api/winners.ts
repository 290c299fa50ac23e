import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../../lib/api';
import { STORAGE_KEYS } from '../../../lib/storage/storage';
import { sessionCached } from './session-cache';

/** Spec §7, §9: the winners board asks for every category and 20 entries. */
export const WINNERS_LIMIT = 20;

/** GET /lgw/games/winners, kept in session storage until the visitor asks for a refresh (spec §4). */
export function useWinners() {
  const { i18n } = useTranslation();
  return useQuery(
    sessionCached(STORAGE_KEYS.winners, i18n.language, (signal) =>
      apiCall('winners', { query: { gameCategory: 'ALL', limitNum: WINNERS_LIMIT }, signal }),
    ),
  );
}
