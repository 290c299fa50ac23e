import { Button } from '../../../components/ui';
import { useLotteryTexts } from '../../../lib/lottery/texts';
import type { LotteryResults } from '../api/results';
import { DrawNumbers } from './draw-numbers';
import styles from './results-panel.module.css';

interface ResultsPanelProps {
  data: LotteryResults | undefined;
  isError: boolean;
  onRetry: () => void;
}

/** The last drawn issues, newest first: the newest in full, the others with their top numbers. */
export function ResultsPanel({ data, isError, onRetry }: ResultsPanelProps) {
  const { t } = useLotteryTexts();
  const results = data?.results ?? [];
  return (
    <section className={styles.panel} aria-labelledby="lottery-results-heading" data-lottery-results="true">
      <h2 id="lottery-results-heading" className={styles.heading}>
        {t('results.heading')}
      </h2>
      {isError && !data ? (
        <div className={styles.note} role="alert">
          <p>{t('results.loadFailed')}</p>
          <Button variant="secondary" size="sm" onClick={onRetry}>
            {t('results.retry')}
          </Button>
        </div>
      ) : !data ? (
        <p className={styles.note} aria-busy="true">
          {t('results.loading')}
        </p>
      ) : results.length === 0 ? (
        <p className={styles.note}>{t('results.empty')}</p>
      ) : (
        <ol className={styles.list}>
          {results.map((r, i) => (
            <li key={r.issueNo} className={styles.item} data-result={r.issueNo}>
              <span className={styles.issue}>{t('results.issue', { issueNo: r.issueNo })}</span>
              <DrawNumbers result={r.result} size={i === 0 ? 'full' : 'compact'} />
            </li>
          ))}
        </ol>
      )}
      <p className={styles.house}>{t('results.house')}</p>
    </section>
  );
}
