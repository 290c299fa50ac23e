import { defineNamespace } from '../i18n/namespace';
import en from './locales/en.json';

/**
 * The games texts (lobbies, game tiles, launch, winners, the betting record and round recall):
 * their own i18next namespace, shipped with the lazily loaded screens that use them rather than
 * the first load.
 */
export type GamesCatalogue = typeof en;

const gamesTexts = defineNamespace(
  'games',
  en,
  import.meta.glob(['./locales/*.json', '!./locales/en.json'], { import: 'default' }),
);

export const GAMES_NS = gamesTexts.ns;
/** Loads the games catalogue of a language; null when it is already there (or unknown). */
export const loadGamesTexts = gamesTexts.load;
/** `t` for the games namespace, once the current language's catalogue is in. */
export const useGamesTexts = () => gamesTexts.useTexts();
