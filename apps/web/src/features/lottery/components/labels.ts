import type { TFunction } from 'i18next';
import { betTypeKey, lotteryKey } from '../../../lib/lottery/texts';
import type { RowLabel } from '../model/plays';

type T = TFunction<'lottery'>;

/** A row's name ("1st digit", "Front three", "Numbers"). */
export function rowLabelText(t: T, label: RowLabel): string {
  switch (label.key) {
    case 'digit':
    case 'place':
    case 'ball':
      return t(`rows.${label.key}`, { n: label.n });
    case 'pk10Pair':
      return t('rows.pk10Pair', { n: label.n, m: 11 - label.n });
    case 'span':
      return t(`rows.span.${label.span}`);
    default:
      return t(`rows.${label.key}`);
  }
}

/** An option's name: a number as it is, a named outcome from the catalogue ("Big", "Horse"). */
export const optionText = (t: T, option: string): string =>
  /^\d+$/.test(option) ? option : t(lotteryKey(`options.${option}`));

/** A bet type's name ("Back three straight"). */
export const betTypeName = (t: T, betType: string): string => t(lotteryKey(`plays.${betTypeKey(betType)}`));

/** A bet type's rule, as the game's rules state it. */
export const betTypeRule = (t: T, betType: string): string => t(lotteryKey(`rules.${betTypeKey(betType)}`));
