import { useState } from 'react';
import { ButtonLink } from '../../../components/ui';
import { formatDateTime } from '../../../lib/format/date';
import { useMediaQuery } from '../../../lib/hooks/use-media-query';
import { useLotteryTexts } from '../../../lib/lottery/texts';
import { PagedResults } from '../../../lib/paging/paged-results';
import { type RecordColumn, Records } from '../../../lib/paging/records';
import { paths } from '../../../lib/routes/paths';
import { DRAWS_PAGE_SIZE, type LotteryDrawnIssue, useLotteryDraws } from '../api/draws';
import styles from './draw-history.module.css';
import { DrawNumbers } from './draw-numbers';
import betStyles from './my-bets.module.css';

/** The verifier's address for an issue of a game. */
export const verifyHref = (gameCode: string, issueNo: string) =>
  `${paths.lotteryVerify}?${new URLSearchParams({ gameCode, issueNo })}`;

/**
 * A game's past issues, newest first and paged: issue, draw time, result, the commitment
 * published before the sale and the seed revealed after the draw, and a Verify link that
 * recomputes the result in the browser.
 */
export function DrawHistory({ gameCode }: { gameCode: string }) {
  const { t } = useLotteryTexts();
  const cards = useMediaQuery('(max-width: 760px)');
  const [page, setPage] = useState(1);
  const query = useLotteryDraws(gameCode, page);
  const verify = (r: LotteryDrawnIssue) => (
    <ButtonLink
      to={verifyHref(gameCode, r.issueNo)}
      variant="secondary"
      size="sm"
      aria-label={t('history.verifyIssue', { issueNo: r.issueNo })}
      data-verify={r.issueNo}
    >
      {t('history.verify')}
    </ButtonLink>
  );
  const columns: RecordColumn<LotteryDrawnIssue>[] = [
    { key: 'issue', header: t('tickets.issue'), headOnly: true, cell: (r) => r.issueNo },
    {
      key: 'drawn',
      header: t('history.drawAt'),
      kind: 'time',
      cell: (r) => formatDateTime(Date.parse(r.drawAt)),
    },
    {
      key: 'result',
      header: t('history.result'),
      cell: (r) => <DrawNumbers result={r.result} size="compact" />,
    },
    {
      key: 'proof',
      header: t('history.proof'),
      cell: (r) => (
        <dl className={styles.proof}>
          <dt>{t('history.commitment')}</dt>
          <dd data-commitment={r.issueNo}>{r.seedHash}</dd>
          <dt>{t('history.seed')}</dt>
          <dd data-seed={r.issueNo}>{r.seed}</dd>
        </dl>
      ),
    },
    { key: 'verify', header: t('history.verify'), headOnly: true, cell: verify },
  ];
  return (
    <section className={betStyles.section} aria-labelledby="lottery-draw-history" data-lottery-history="true">
      <h2 id="lottery-draw-history" className={betStyles.heading}>
        {t('history.heading')}
      </h2>
      <PagedResults
        query={query}
        active
        as="div"
        pageSize={DRAWS_PAGE_SIZE}
        onPage={setPage}
        texts={{
          loading: t('history.loading'),
          emptyTitle: t('history.emptyTitle'),
          emptyText: t('history.emptyText'),
          pages: t('history.pages'),
        }}
      >
        {(list) => (
          <Records
            name="lottery-draws"
            caption={t('history.heading')}
            rows={list}
            columns={columns}
            rowKey={(r) => r.issueNo}
            rowMarks={(r) => ({ 'data-draw-issue': r.issueNo })}
            cards={cards}
            cardTitle={(r) => t('results.issue', { issueNo: r.issueNo })}
            cardAmount={verify}
          />
        )}
      </PagedResults>
      <p className={styles.note}>{t('history.note')}</p>
    </section>
  );
}
