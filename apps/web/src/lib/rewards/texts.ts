import { defineNamespace } from '../i18n/namespace';
import en from './locales/en.json';

/**
 * The reward-centre texts (docs/loyalty.md "Reward centre"): their own namespace, shipped with
 * the lazily loaded page and the member centre's counter.
 */
export type RewardsCatalogue = typeof en;

const rewardsTexts = defineNamespace(
  'rewards',
  en,
  import.meta.glob(['./locales/*.json', '!./locales/en.json'], { import: 'default' }),
);

export const REWARDS_NS = rewardsTexts.ns;
export const loadRewardsTexts = rewardsTexts.load;
/** `t` for the rewards namespace, once the current language's catalogue is in. */
export const useRewardsTexts = () => rewardsTexts.useTexts();
