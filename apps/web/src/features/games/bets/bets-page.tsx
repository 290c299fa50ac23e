import type { BetRow, GameType, RouteValue } from '@aurum/contract';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cx, TabPanel, Tabs } from '../../../components/ui';
import { GAME_TYPES } from '../../../lib/contract';
import { formatDateTime } from '../../../lib/format/date';
import { typesWithGames, useGameLanes } from '../../../lib/games/api/game-lanes';
import { useGamesTexts } from '../../../lib/games/texts';
import { useMediaQuery } from '../../../lib/hooks/use-media-query';
import { customRange } from '../../../lib/money/date-range';
import { DateRangePicker, type DateRangeValue, presetValue } from '../../../lib/money/date-range-picker';
import { Money } from '../../../lib/money/money';
import shared from '../../../lib/money/money.module.css';
import { useFundsTexts } from '../../../lib/money/texts';
import { PagedResults } from '../../../lib/paging/paged-results';
import { RECORD_NUM_CELL, type RecordColumn, Records } from '../../../lib/paging/records';
import { useBrand } from '../../../lib/site';
import { BET_RECORDS_PAGE_SIZE, type BetRecordsQuery, useBetRecords } from './api/bet-records';
import styles from './bets.module.css';
import { RecallDialog } from './recall-dialog';

/** Phones get one card per bet instead of a seven-column table. */
const CARDS_QUERY = '(max-width: 640px)';

type Category = 'ALL' | GameType;
type Totals = RouteValue<'betRecords'>['totals'];

/**
 * `personalHistoryCopy`, the betting record (spec §2 Member centre, api-notes bet records):
 * the member's bets by category (all, or a category with games) and a range of days (the
 * shortcuts of spec §9 or any two days), newest first, paged, with the range's totals. Any row
 * opens the round's recall.
 */
export default function BetsPage() {
  const { t } = useGamesTexts();
  const { t: tf } = useFundsTexts();
  const { t: tc } = useTranslation();
  const brand = useBrand();
  const idBase = useId();
  const titleId = useId();
  const lanes = useGameLanes();
  const categories = useMemo<Category[]>(
    () => ['ALL', ...typesWithGames(lanes.data, GAME_TYPES)],
    [lanes.data],
  );
  const [category, setCategory] = useState<Category>('ALL');
  const [range, setRange] = useState<DateRangeValue>(() => presetValue('last7'));
  const [page, setPage] = useState(1);
  const [recall, setRecall] = useState<string | null>(null);
  const cards = useMediaQuery(CARDS_QUERY);
  const days = customRange(range.from, range.to);
  const query: BetRecordsQuery | null = days
    ? { accountType: category, startDate: days.startTime, endDate: days.endTime, page }
    : null;
  const records = useBetRecords(query);
  const rangeError = days ? undefined : range.from && range.to ? tf('range.reversed') : tf('range.required');
  const label = (c: Category) => (c === 'ALL' ? t('bets.all') : tc(`categories.${c}`));

  return (
    <div className={shared.page} data-bets-page="true">
      <section className={shared.section} aria-labelledby={titleId}>
        <h3 id={titleId}>{t('bets.title')}</h3>
        <Tabs
          label={t('bets.categories')}
          idBase={idBase}
          value={category}
          onChange={(c) => {
            setCategory(c);
            setPage(1);
          }}
          items={categories.map((c) => ({ value: c, label: label(c) }))}
          className={styles.tabs}
        />
        <DateRangePicker
          value={range}
          error={rangeError}
          onChange={(v) => {
            setRange(v);
            setPage(1);
          }}
        />
      </section>
      <TabPanel idBase={idBase} value={category}>
        <PagedResults
          as="div"
          query={records}
          active={query !== null}
          pageSize={BET_RECORDS_PAGE_SIZE}
          onPage={setPage}
          texts={{
            summary: (r) => t('bets.summary', r),
            loading: t('bets.loading'),
            emptyTitle: t('bets.emptyTitle'),
            emptyText: t('bets.emptyText'),
            pages: t('bets.pages'),
          }}
        >
          {(rows, data) => (
            <BetRecords
              rows={rows}
              totals={data.totals}
              symbol={brand.currencySymbol}
              onOpen={setRecall}
              cards={cards}
            />
          )}
        </PagedResults>
      </TabPanel>
      <RecallDialog orderNo={recall} onClose={() => setRecall(null)} />
    </div>
  );
}

interface RowsProps {
  rows: BetRow[];
  totals: Totals;
  symbol: string;
  onOpen: (orderNo: string) => void;
}

/** The game's name, and what sets the bet apart: still open, cancelled, or play money. */
function GameCell({ row }: { row: BetRow }) {
  const { t } = useGamesTexts();
  return (
    <>
      {row.gameName}
      {row.status !== 'settled' ? (
        <span className={cx(styles.tag, row.status === 'cancelled' && styles.muted)}>
          {t(`bets.status.${row.status}`)}
        </span>
      ) : null}
      {row.mode === 'play' ? <span className={styles.tag}>{t('bets.playMoney')}</span> : null}
    </>
  );
}

function OpenButton({ orderNo, onOpen }: { orderNo: string; onOpen: (orderNo: string) => void }) {
  const { t } = useGamesTexts();
  return (
    <button
      type="button"
      className={styles.open}
      aria-label={t('bets.openRound', { orderNo })}
      onClick={() => onOpen(orderNo)}
      data-action="recall"
    >
      {orderNo}
    </button>
  );
}

/** The betting record's columns; the game and the result head each card on phones. */
function useBetColumns(symbol: string, onOpen: (orderNo: string) => void) {
  const { t } = useGamesTexts();
  const columns: RecordColumn<BetRow>[] = [
    {
      key: 'betTime',
      header: t('columns.betTime'),
      kind: 'time',
      cell: (row) => formatDateTime(row.betTimeInTimestamp),
    },
    {
      key: 'betAmount',
      header: t('columns.betAmount'),
      kind: 'num',
      cell: (row) => <Money value={row.betAmount} symbol={symbol} />,
    },
    {
      key: 'validBet',
      header: t('columns.validBet'),
      kind: 'num',
      cell: (row) => <Money value={row.validBetAmount} symbol={symbol} />,
    },
    {
      key: 'win',
      header: t('columns.win'),
      kind: 'num',
      cell: (row) => <Money value={row.winAmount} symbol={symbol} />,
    },
    {
      key: 'profitAndLoss',
      header: t('columns.profitAndLoss'),
      kind: 'num',
      headOnly: true,
      cell: (row) => <Money value={row.profitAndLoss} symbol={symbol} signed />,
    },
    { key: 'game', header: t('columns.game'), headOnly: true, cell: (row) => <GameCell row={row} /> },
    {
      key: 'orderNo',
      header: t('columns.orderNo'),
      cell: (row) => <OpenButton orderNo={row.orderNo} onOpen={onOpen} />,
    },
  ];
  return columns;
}

function BetRecords({ rows, totals, symbol, onOpen, cards }: RowsProps & { cards: boolean }) {
  const { t } = useGamesTexts();
  const columns = useBetColumns(symbol, onOpen);
  return (
    <Records
      name="bets"
      caption={t('bets.title')}
      rows={rows}
      columns={columns}
      rowKey={(row) => row.orderNo}
      rowMarks={(row) => ({ 'data-order': row.orderNo })}
      cards={cards}
      cardTitle={(row) => (
        <span className={styles.cardGame}>
          <GameCell row={row} />
        </span>
      )}
      cardAmount={(row) => <Money value={row.profitAndLoss} symbol={symbol} signed />}
      tableFoot={
        <tr className={styles.totals} data-totals="true">
          <th scope="row">{t('bets.totals')}</th>
          <td className={RECORD_NUM_CELL}>
            <Money value={totals.betAmount} symbol={symbol} />
          </td>
          <td className={RECORD_NUM_CELL}>
            <Money value={totals.validBetAmount} symbol={symbol} />
          </td>
          <td className={RECORD_NUM_CELL}>
            <Money value={totals.winAmount} symbol={symbol} />
          </td>
          <td className={RECORD_NUM_CELL}>
            <Money value={totals.profitAndLoss} symbol={symbol} signed />
          </td>
          <td colSpan={2} />
        </tr>
      }
      cardsFoot={
        <dl className={styles.totalsCard} data-totals="true">
          <div>
            <dt>{t('columns.betAmount')}</dt>
            <dd>
              <Money value={totals.betAmount} symbol={symbol} />
            </dd>
          </div>
          <div>
            <dt>{t('columns.validBet')}</dt>
            <dd>
              <Money value={totals.validBetAmount} symbol={symbol} />
            </dd>
          </div>
          <div>
            <dt>{t('columns.win')}</dt>
            <dd>
              <Money value={totals.winAmount} symbol={symbol} />
            </dd>
          </div>
          <div>
            <dt>{t('bets.totalProfitAndLoss')}</dt>
            <dd>
              <Money value={totals.profitAndLoss} symbol={symbol} signed />
            </dd>
          </div>
        </dl>
      }
    />
  );
}
