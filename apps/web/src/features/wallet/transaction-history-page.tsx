import type { TransactionRow } from '@aurum/contract';
import { useId, useMemo, useState } from 'react';
import { formatDateTime } from '../../lib/format/date';
import { useMediaQuery } from '../../lib/hooks/use-media-query';
import { customRange } from '../../lib/money/date-range';
import { DateRangePicker, type DateRangeValue, presetValue } from '../../lib/money/date-range-picker';
import { SelectField } from '../../lib/money/fields';
import { TX_TYPES, txRemarkText, txTypeLabel, walletLabel } from '../../lib/money/labels';
import { Money } from '../../lib/money/money';
import shared from '../../lib/money/money.module.css';
import styles from '../../lib/money/records.module.css';
import { useFundsTexts } from '../../lib/money/texts';
import { PagedResults } from '../../lib/paging/paged-results';
import { useBrand } from '../../lib/site';
import { useMerchantWallet } from './api/merchant-wallet';
import { TRANSACTIONS_PAGE_SIZE, type TransactionsQuery, useTransactions } from './api/transactions';

/** Phones get one card per movement instead of a six-column table. */
const CARDS_QUERY = '(max-width: 640px)';

/**
 * `transactionHistory`, the account record (spec §2, §9): every movement of the member's own
 * wallets, filtered by type and by a range of days (shortcuts for the last and next 7 and 30 days,
 * or any two days), newest first, paged with the spec's paginator.
 */
export default function TransactionHistoryPage() {
  const { t } = useFundsTexts();
  const brand = useBrand();
  const titleId = useId();
  const [type, setType] = useState('all');
  const [range, setRange] = useState<DateRangeValue>(() => presetValue('last7'));
  const [page, setPage] = useState(1);
  const days = customRange(range.from, range.to);
  const query: TransactionsQuery | null = days
    ? { ...days, page, ...(type === 'all' ? {} : { txTypeIds: type }) }
    : null;
  const records = useTransactions(query);
  const vendors = useMerchantWallet().data?.vendors;
  const vendorNames = useMemo(() => new Map((vendors ?? []).map((v) => [v.vendor, v.name])), [vendors]);
  const cards = useMediaQuery(CARDS_QUERY);

  const typeOptions = [
    { value: 'all', label: t('record.allTypes') },
    ...TX_TYPES.map((tx) => ({ value: String(tx.id), label: txTypeLabel(t, tx.id) })),
  ];
  const rangeError = days ? undefined : range.from && range.to ? t('range.reversed') : t('range.required');

  return (
    <div className={shared.page} data-funds-page="transactionHistory">
      <section className={shared.section} aria-labelledby={titleId}>
        <h3 id={titleId}>{t('record.title')}</h3>
        <div className={styles.filters}>
          <SelectField
            name="txType"
            label={t('record.type')}
            value={type}
            options={typeOptions}
            onChange={(v) => {
              setType(v);
              setPage(1);
            }}
          />
          <DateRangePicker
            value={range}
            error={rangeError}
            onChange={(v) => {
              setRange(v);
              setPage(1);
            }}
          />
        </div>
      </section>
      <PagedResults
        query={records}
        active={query !== null}
        pageSize={TRANSACTIONS_PAGE_SIZE}
        onPage={setPage}
        label={t('record.results')}
        texts={{
          summary: (r) => t('record.summary', r),
          loading: t('record.loading'),
          emptyTitle: t('record.emptyTitle'),
          emptyText: t('record.emptyText'),
          pages: t('record.pages'),
        }}
      >
        {(rows) =>
          cards ? (
            <RecordCards rows={rows} symbol={brand.currencySymbol} vendorNames={vendorNames} />
          ) : (
            <RecordTable rows={rows} symbol={brand.currencySymbol} vendorNames={vendorNames} />
          )
        }
      </PagedResults>
    </div>
  );
}

interface RowsProps {
  rows: TransactionRow[];
  symbol: string;
  vendorNames: ReadonlyMap<string, string>;
}

function RecordTable({ rows, symbol, vendorNames }: RowsProps) {
  const { t } = useFundsTexts();
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-record-table="true">
        <caption className="visually-hidden">{t('record.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('record.time')}</th>
            <th scope="col">{t('record.type')}</th>
            <th scope="col">{t('record.wallet')}</th>
            <th scope="col" className={styles.num}>
              {t('record.amount')}
            </th>
            <th scope="col" className={styles.num}>
              {t('record.balanceAfter')}
            </th>
            <th scope="col">{t('record.remark')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.transferId}:${row.wallet}`} data-transfer-id={row.transferId}>
              <td className={styles.time}>{formatDateTime(row.txTimeInTimestamp)}</td>
              <td>{txTypeLabel(t, row.txTypeId)}</td>
              <td>{walletLabel(t, row.wallet, vendorNames)}</td>
              <td className={styles.num}>
                <Money value={row.amount} symbol={symbol} signed />
              </td>
              <td className={styles.num}>
                <Money value={row.balanceAfter} symbol={symbol} />
              </td>
              <td className={styles.remark}>{txRemarkText(t, row, formatDateTime)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RecordCards({ rows, symbol, vendorNames }: RowsProps) {
  const { t } = useFundsTexts();
  return (
    <ul className={styles.cards} aria-label={t('record.title')} data-record-cards="true">
      {rows.map((row) => (
        <li key={`${row.transferId}:${row.wallet}`} className={styles.card} data-transfer-id={row.transferId}>
          <div className={styles.cardTop}>
            <span className={styles.cardType}>{txTypeLabel(t, row.txTypeId)}</span>
            <Money value={row.amount} symbol={symbol} signed className={styles.cardAmount} />
          </div>
          <dl className={styles.cardDetails}>
            <div>
              <dt>{t('record.time')}</dt>
              <dd className={styles.time}>{formatDateTime(row.txTimeInTimestamp)}</dd>
            </div>
            <div>
              <dt>{t('record.wallet')}</dt>
              <dd>{walletLabel(t, row.wallet, vendorNames)}</dd>
            </div>
            <div>
              <dt>{t('record.balanceAfter')}</dt>
              <dd>
                <Money value={row.balanceAfter} symbol={symbol} />
              </dd>
            </div>
            <div>
              <dt>{t('record.remark')}</dt>
              <dd>{txRemarkText(t, row, formatDateTime)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
