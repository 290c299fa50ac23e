import type { ParseKeys } from 'i18next';
import { defineNamespace } from '../i18n/namespace';
import en from './locales/en.json';

/**
 * The lottery's texts (game list, play tabs and bet types, slip, results, my bets): their own
 * i18next namespace, shipped with the lottery pages' chunk rather than the first load.
 */
export type LotteryCatalogue = typeof en;

const lotteryTexts = defineNamespace(
  'lottery',
  en,
  import.meta.glob(['./locales/*.json', '!./locales/en.json'], { import: 'default' }),
);

export const LOTTERY_NS = lotteryTexts.ns;
/** `t` for the lottery namespace, once the current language's catalogue is in. */
export const useLotteryTexts = () => lotteryTexts.useTexts();

/** A key of the lottery catalogue. */
export type LotteryKey = ParseKeys<'lottery'>;

/**
 * A key made at run time from engine data (a bet type, an option, a price key); texts.test.ts
 * checks that the catalogue has one for every value the engine can give.
 */
export const lotteryKey = (key: string): LotteryKey => key as LotteryKey;

/** A bet type's code as a catalogue key: its dots would nest ("ssc.position" → "ssc_position"). */
export const betTypeKey = (betType: string): string => betType.replaceAll('.', '_');
