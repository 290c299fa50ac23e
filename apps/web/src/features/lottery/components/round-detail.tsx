import { ButtonLink } from '../../../components/ui';
import type { LotteryRoundDetail } from '../../../lib/lottery/round-detail';
import { useLotteryTexts } from '../../../lib/lottery/texts';
import { verifyHref } from './draw-history';
import { DrawNumbers } from './draw-numbers';
import { betTypeName } from './labels';
import styles from './round-detail.module.css';
import { useSelectionText } from './selection-text';

const STATUS = { won: 'won', lost: 'lost', push: 'refunded' } as const;

/**
 * A lottery ticket in the betting record's recall: its issue, play, selection and number of bets,
 * the draw it was settled on, its outcome, and a link that verifies that draw.
 */
export default function LotteryRoundDetailView({ detail }: { detail: LotteryRoundDetail }) {
  const { t } = useLotteryTexts();
  const selectionText = useSelectionText();
  return (
    <div className={styles.ticket} data-detail="lottery">
      <dl className={styles.facts}>
        <div>
          <dt>{t('tickets.issue')}</dt>
          <dd className={styles.mono}>{detail.issueNo}</dd>
        </div>
        <div>
          <dt>{t('tickets.bet')}</dt>
          <dd>
            {betTypeName(t, detail.betType)}: {selectionText(detail.betType, detail.selection)}
          </dd>
        </div>
        <div>
          <dt>{t('totals.bets')}</dt>
          <dd>{detail.bets}</dd>
        </div>
        <div>
          <dt>{t('tickets.status')}</dt>
          <dd data-outcome={detail.outcome}>{t(`tickets.statuses.${STATUS[detail.outcome]}`)}</dd>
        </div>
      </dl>
      <div className={styles.draw}>
        <span className={styles.label}>{t('results.numbers')}</span>
        <DrawNumbers result={detail.result} size="compact" />
      </div>
      <ButtonLink
        to={verifyHref(detail.lottery, detail.issueNo)}
        variant="secondary"
        size="sm"
        aria-label={t('history.verifyIssue', { issueNo: detail.issueNo })}
      >
        {t('history.verify')}
      </ButtonLink>
    </div>
  );
}
