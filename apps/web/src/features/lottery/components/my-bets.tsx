import { useState } from 'react';
import { cx } from '../../../components/ui';
import { formatDateTime } from '../../../lib/format/date';
import { useMediaQuery } from '../../../lib/hooks/use-media-query';
import { useLotteryTexts } from '../../../lib/lottery/texts';
import { Money } from '../../../lib/money/money';
import { PagedResults } from '../../../lib/paging/paged-results';
import { type RecordColumn, Records } from '../../../lib/paging/records';
import { type LotteryTicket, TICKETS_PAGE_SIZE, useLotteryTickets } from '../api/tickets';
import { betTypeName } from './labels';
import { MemberList } from './member-list';
import styles from './my-bets.module.css';
import { useSelectionText } from './selection-text';

interface MyBetsProps {
  gameCode: string;
  symbol: string;
  signedIn: boolean;
  /** Issues drawn already: their pending tickets are being settled, so the list is asked again. */
  drawnIssues: ReadonlySet<string>;
  onLogin: () => void;
}

/** The member's tickets of the game, newest first: status, issue, selection, stake and payout. */
export function MyBets({ gameCode, symbol, signedIn, drawnIssues, onLogin }: MyBetsProps) {
  const { t } = useLotteryTexts();
  const selectionText = useSelectionText();
  const cards = useMediaQuery('(max-width: 760px)');
  const [page, setPage] = useState(1);
  const query = useLotteryTickets(gameCode, page, (tickets) =>
    tickets.some((r) => r.status === 'pending' && drawnIssues.has(r.issueNo)),
  );

  const columns: RecordColumn<LotteryTicket>[] = [
    {
      key: 'placed',
      header: t('tickets.placed'),
      kind: 'time',
      cell: (r) => formatDateTime(Date.parse(r.placedAt)),
    },
    { key: 'issue', header: t('tickets.issue'), cell: (r) => r.issueNo },
    {
      key: 'bet',
      header: t('tickets.bet'),
      headOnly: true,
      cell: (r) => (
        <span className={styles.bet}>
          <span className={styles.type}>{betTypeName(t, r.betType)}</span>
          <span>{selectionText(r.betType, r.selection)}</span>
        </span>
      ),
    },
    {
      key: 'stake',
      header: t('tickets.stake'),
      kind: 'num',
      cell: (r) => <Money value={r.stake} symbol={symbol} />,
    },
    {
      key: 'payout',
      header: t('tickets.payout'),
      kind: 'num',
      cell: (r) => <Money value={r.payout} symbol={symbol} />,
    },
    {
      key: 'status',
      header: t('tickets.status'),
      cell: (r) => (
        <span className={cx(styles.status, styles[r.status])} data-ticket-status={r.status}>
          {t(`tickets.statuses.${r.status}`)}
        </span>
      ),
    },
  ];

  return (
    <MemberList root="tickets" mark="tickets" signedIn={signedIn} onLogin={onLogin}>
      {(texts) => (
        <PagedResults
          query={query}
          active
          as="div"
          pageSize={TICKETS_PAGE_SIZE}
          onPage={setPage}
          texts={texts}
        >
          {(list) => (
            <Records
              name="lottery-tickets"
              caption={t('tickets.heading')}
              rows={list}
              columns={columns}
              rowKey={(r) => r.ticketId}
              rowMarks={(r) => ({ 'data-ticket': r.ticketId })}
              cards={cards}
              cardTitle={(r) => (
                <span className={styles.bet}>
                  <span className={styles.type}>{betTypeName(t, r.betType)}</span>
                  <span>{selectionText(r.betType, r.selection)}</span>
                </span>
              )}
              cardAmount={(r) => <Money value={r.stake} symbol={symbol} />}
            />
          )}
        </PagedResults>
      )}
    </MemberList>
  );
}
