import { defineNamespace } from '../i18n/namespace';
import en from './locales/en.json';

/**
 * The missions texts (missions and daily tasks, their leaderboard and the winners list,
 * docs/loyalty.md): their own namespace, shipped with the lazily loaded pages that use them.
 */
export type MissionsCatalogue = typeof en;

const missionsTexts = defineNamespace(
  'missions',
  en,
  import.meta.glob(['./locales/*.json', '!./locales/en.json'], { import: 'default' }),
);

export const MISSIONS_NS = missionsTexts.ns;
export const loadMissionsTexts = missionsTexts.load;
/** `t` for the missions namespace, once the current language's catalogue is in. */
export const useMissionsTexts = () => missionsTexts.useTexts();
