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
import { useFundsTexts } from '../../lib/money/texts';
import { PagedResults } from '../../lib/paging/paged-results';
import { type RecordColumn, Records } from '../../lib/paging/records';
import { useBrand } from '../../lib/site';
import { useMerchantWallet } from './api/merchant-wallet';
import { TRANSACTIONS_PAGE_SIZE, type TransactionsQuery, useTransactions } from './api/transactions';
import styles from './transaction-history.module.css';

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
  const columns = useRecordColumns(brand.currencySymbol, vendorNames);

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
        {(rows) => (
          <Records
            name="transactions"
            caption={t('record.title')}
            rows={rows}
            columns={columns}
            rowKey={(row) => `${row.transferId}:${row.wallet}`}
            rowMarks={(row) => ({ 'data-transfer-id': String(row.transferId) })}
            cards={cards}
            cardTitle={(row) => txTypeLabel(t, row.txTypeId)}
            cardAmount={(row) => <Money value={row.amount} symbol={brand.currencySymbol} signed />}
          />
        )}
      </PagedResults>
    </div>
  );
}

/** The account record's columns; the type and the amount head each card on phones. */
function useRecordColumns(symbol: string, vendorNames: ReadonlyMap<string, string>) {
  const { t } = useFundsTexts();
  const columns: RecordColumn<TransactionRow>[] = [
    {
      key: 'time',
      header: t('record.time'),
      kind: 'time',
      cell: (row) => formatDateTime(row.txTimeInTimestamp),
    },
    { key: 'type', header: t('record.type'), headOnly: true, cell: (row) => txTypeLabel(t, row.txTypeId) },
    { key: 'wallet', header: t('record.wallet'), cell: (row) => walletLabel(t, row.wallet, vendorNames) },
    {
      key: 'amount',
      header: t('record.amount'),
      kind: 'num',
      headOnly: true,
      cell: (row) => <Money value={row.amount} symbol={symbol} signed />,
    },
    {
      key: 'balanceAfter',
      header: t('record.balanceAfter'),
      kind: 'num',
      cell: (row) => <Money value={row.balanceAfter} symbol={symbol} />,
    },
    {
      key: 'remark',
      header: t('record.remark'),
      kind: 'remark',
      cell: (row) => txRemarkText(t, row, formatDateTime),
    },
  ];
  return columns;
}
