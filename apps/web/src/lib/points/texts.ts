import { defineNamespace } from '../i18n/namespace';
import en from './locales/en.json';

/**
 * The points mall texts (docs/loyalty.md, Points mall): their own namespace, shipped with the
 * lazily loaded /pointMall page.
 */
export type PointsCatalogue = typeof en;

const pointsTexts = defineNamespace(
  'points',
  en,
  import.meta.glob(['./locales/*.json', '!./locales/en.json'], { import: 'default' }),
);

export const POINTS_NS = pointsTexts.ns;
export const loadPointsTexts = pointsTexts.load;
/** `t` for the points namespace, once the current language's catalogue is in. */
export const usePointsTexts = () => pointsTexts.useTexts();
