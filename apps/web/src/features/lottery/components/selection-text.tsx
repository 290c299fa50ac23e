import { useLotteryTexts } from '../../../lib/lottery/texts';
import { describeSelection } from '../model/describe';
import { optionText, rowLabelText } from './labels';

/** A ticket's selection in words: "1st digit: 3 5 · 2nd digit: 7", "Big", "23 46 78". */
export function useSelectionText() {
  const { t } = useLotteryTexts();
  return (betType: string, selection: unknown): string =>
    describeSelection(betType, selection)
      .map((part) => {
        const what = part.option !== undefined ? optionText(t, part.option) : (part.numbers ?? []).join(' ');
        return part.label ? `${rowLabelText(t, part.label)}: ${what}` : what;
      })
      .join(' · ');
}
