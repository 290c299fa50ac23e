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
import history from '../../../lib/money/records.module.css';
import { useFundsTexts } from '../../../lib/money/texts';
import { PagedResults } from '../../../lib/paging/paged-results';
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
          {(rows, data) =>
            cards ? (
              <BetCards rows={rows} totals={data.totals} symbol={brand.currencySymbol} onOpen={setRecall} />
            ) : (
              <BetTable rows={rows} totals={data.totals} symbol={brand.currencySymbol} onOpen={setRecall} />
            )
          }
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

function BetTable({ rows, totals, symbol, onOpen }: RowsProps) {
  const { t } = useGamesTexts();
  return (
    <div className={history.tableWrap}>
      <table className={history.table} data-bets-table="true">
        <caption className="visually-hidden">{t('bets.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('columns.betTime')}</th>
            <th scope="col" className={history.num}>
              {t('columns.betAmount')}
            </th>
            <th scope="col" className={history.num}>
              {t('columns.validBet')}
            </th>
            <th scope="col" className={history.num}>
              {t('columns.win')}
            </th>
            <th scope="col" className={history.num}>
              {t('columns.profitAndLoss')}
            </th>
            <th scope="col">{t('columns.game')}</th>
            <th scope="col">{t('columns.orderNo')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.orderNo} data-order={row.orderNo}>
              <td className={history.time}>{formatDateTime(row.betTimeInTimestamp)}</td>
              <td className={history.num}>
                <Money value={row.betAmount} symbol={symbol} />
              </td>
              <td className={history.num}>
                <Money value={row.validBetAmount} symbol={symbol} />
              </td>
              <td className={history.num}>
                <Money value={row.winAmount} symbol={symbol} />
              </td>
              <td className={history.num}>
                <Money value={row.profitAndLoss} symbol={symbol} signed />
              </td>
              <td>
                <GameCell row={row} />
              </td>
              <td>
                <OpenButton orderNo={row.orderNo} onOpen={onOpen} />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className={styles.totals} data-totals="true">
            <th scope="row">{t('bets.totals')}</th>
            <td className={history.num}>
              <Money value={totals.betAmount} symbol={symbol} />
            </td>
            <td className={history.num}>
              <Money value={totals.validBetAmount} symbol={symbol} />
            </td>
            <td className={history.num}>
              <Money value={totals.winAmount} symbol={symbol} />
            </td>
            <td className={history.num}>
              <Money value={totals.profitAndLoss} symbol={symbol} signed />
            </td>
            <td colSpan={2} />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function BetCards({ rows, totals, symbol, onOpen }: RowsProps) {
  const { t } = useGamesTexts();
  return (
    <>
      <ul className={history.cards} aria-label={t('bets.title')} data-bets-cards="true">
        {rows.map((row) => (
          <li key={row.orderNo} className={history.card} data-order={row.orderNo}>
            <div className={history.cardTop}>
              <span className={styles.cardGame}>
                <GameCell row={row} />
              </span>
              <Money value={row.profitAndLoss} symbol={symbol} signed className={history.cardAmount} />
            </div>
            <dl className={history.cardDetails}>
              <div>
                <dt>{t('columns.betTime')}</dt>
                <dd className={history.time}>{formatDateTime(row.betTimeInTimestamp)}</dd>
              </div>
              <div>
                <dt>{t('columns.betAmount')}</dt>
                <dd>
                  <Money value={row.betAmount} symbol={symbol} />
                </dd>
              </div>
              <div>
                <dt>{t('columns.validBet')}</dt>
                <dd>
                  <Money value={row.validBetAmount} symbol={symbol} />
                </dd>
              </div>
              <div>
                <dt>{t('columns.win')}</dt>
                <dd>
                  <Money value={row.winAmount} symbol={symbol} />
                </dd>
              </div>
              <div>
                <dt>{t('columns.orderNo')}</dt>
                <dd>
                  <OpenButton orderNo={row.orderNo} onOpen={onOpen} />
                </dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
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
    </>
  );
}
