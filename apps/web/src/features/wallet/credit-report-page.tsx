import type { StatementWallet } from '@aurum/contract';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Spinner } from '../../components/ui';
import { FormFailure, TextField } from '../../components/ui/form';
import { REPORT_PRESETS } from '../../lib/contract';
import { formatWireMoney } from '../../lib/format/money';
import { useWalletBalance } from '../../lib/money/balance';
import { moneyErrorText } from '../../lib/money/errors';
import { LoadFailure, Notice, SelectField } from '../../lib/money/fields';
import { txTypeLabel } from '../../lib/money/labels';
import shared from '../../lib/money/money.module.css';
import {
  businessDay,
  DEFAULT_BUSINESS_OFFSET,
  type PeriodDraft,
  periodQuery,
} from '../../lib/money/report-period';
import { useFundsTexts } from '../../lib/money/texts';
import { useBrand } from '../../lib/site';
import { useStatementTexts } from '../../lib/statement/texts';
import { type StatementQuery, useStatement, useStatementFile } from './api/statement';
import styles from './credit-report.module.css';

/**
 * The credit report of the member centre, read as the member's statement (issue 13): over a
 * period of the merchant's business time zone, each wallet's opening balance, credits and debits
 * by type and closing balance, the pending withdrawals apart, and the statement as CSV or PDF.
 */
export default function CreditReportPage() {
  const { t } = useStatementTexts();
  const { t: tc } = useTranslation();
  const { t: tf } = useFundsTexts();
  const brand = useBrand();
  const zone = brand.businessUtcOffset ?? DEFAULT_BUSINESS_OFFSET;
  const titleId = useId();
  const [draft, setDraft] = useState<PeriodDraft>({ preset: 'thisMonth', from: '', to: '' });
  const [query, setQuery] = useState<StatementQuery>({ preset: 'thisMonth' });
  const [invalid, setInvalid] = useState(false);
  const statement = useStatement(query);
  const file = useStatementFile();
  const symbol = useWalletBalance().data?.currencySymbol ?? '';
  const show = (e: FormEvent) => {
    e.preventDefault();
    const next = periodQuery(draft, zone);
    setInvalid(next === null);
    if (next) setQuery(next);
  };
  const money = (value: string) => formatWireMoney(value, symbol);
  const data = statement.data;
  return (
    <div className={shared.page} data-page="creditReport">
      <section className={shared.section} aria-labelledby={titleId}>
        <h3 id={titleId}>{t('title')}</h3>
        <p className={shared.lead}>{t('intro', { zone: `UTC${zone}` })}</p>
        <form className={styles.filters} onSubmit={show} aria-labelledby={titleId}>
          <SelectField
            name="preset"
            label={t('period')}
            value={draft.preset}
            onChange={(v) => setDraft((d) => ({ ...d, preset: v }))}
            options={REPORT_PRESETS.map((p) => ({ value: p, label: t(`presets.${p}`) }))}
          />
          {draft.preset === 'custom' ? (
            <>
              <TextField
                name="from"
                type="date"
                label={t('from')}
                value={draft.from}
                onChange={(v) => setDraft((d) => ({ ...d, from: v }))}
              />
              <TextField
                name="to"
                type="date"
                label={t('to')}
                value={draft.to}
                onChange={(v) => setDraft((d) => ({ ...d, to: v }))}
              />
            </>
          ) : null}
          <Button type="submit">{t('show')}</Button>
        </form>
        {invalid ? <FormFailure>{t('badRange')}</FormFailure> : null}
        {data ? (
          <p className={shared.lead} data-period="true">
            {businessDay(data.period.from, data.period.utcOffset)} –{' '}
            {businessDay(data.period.to - 1, data.period.utcOffset)} (UTC{data.period.utcOffset})
          </p>
        ) : null}
        <div className={styles.downloads}>
          {(['csv', 'pdf'] as const).map((format) => (
            <Button
              key={format}
              type="button"
              variant="secondary"
              disabled={!data || file.isPending}
              onClick={() => file.mutate({ ...query, format })}
            >
              {t(format === 'csv' ? 'downloadCsv' : 'downloadPdf')}
            </Button>
          ))}
        </div>
        {file.isError ? <FormFailure>{moneyErrorText(tf, tc, file.error)}</FormFailure> : null}
        {file.isSuccess ? (
          <p className={styles.muted} role="status">
            {t('downloaded', { file: file.data })}
          </p>
        ) : null}
      </section>
      {statement.isError ? (
        <LoadFailure
          error={statement.error}
          onRetry={() => void statement.refetch()}
          busy={statement.isFetching}
        />
      ) : !data ? (
        <Spinner label={t('title')} />
      ) : (
        <div className={styles.wallets}>
          {data.wallets.map((w) => (
            <WalletCard key={w.wallet} wallet={w} money={money} />
          ))}
          <WalletCard wallet={data.pendingWithdrawals} money={money} note={t('pendingNote')} />
        </div>
      )}
    </div>
  );
}

function WalletCard({
  wallet,
  money,
  note,
}: {
  wallet: StatementWallet;
  money: (value: string) => string;
  note?: string;
}) {
  const { t } = useStatementTexts();
  const { t: tf } = useFundsTexts();
  const headingId = useId();
  const name =
    wallet.wallet === 'MAIN'
      ? t('main')
      : wallet.wallet === 'AGENT'
        ? t('agent')
        : wallet.wallet === 'HOLD'
          ? t('pending')
          : (wallet.vendorName ?? wallet.wallet);
  return (
    <section className={styles.card} aria-labelledby={headingId} data-wallet={wallet.wallet}>
      <h4 id={headingId}>{name}</h4>
      {note ? <p className={styles.muted}>{note}</p> : null}
      <dl className={styles.balances}>
        <dt>{t('opening')}</dt>
        <dd data-opening="true">{money(wallet.opening)}</dd>
        <dt>{t('credits')}</dt>
        <dd>{money(wallet.credits)}</dd>
        <dt>{t('debits')}</dt>
        <dd>{money(wallet.debits)}</dd>
        <dt>{t('closing')}</dt>
        <dd data-closing="true">{money(wallet.closing)}</dd>
      </dl>
      {wallet.types.length === 0 ? (
        <Notice>{t('noMovements')}</Notice>
      ) : (
        <table className={styles.table}>
          <caption className="visually-hidden">{name}</caption>
          <thead>
            <tr>
              <th scope="col">{t('type')}</th>
              <th scope="col">{t('count')}</th>
              <th scope="col">{t('credits')}</th>
              <th scope="col">{t('debits')}</th>
            </tr>
          </thead>
          <tbody>
            {wallet.types.map((x) => (
              <tr key={x.txTypeId}>
                <th scope="row">{txTypeLabel(tf, x.txTypeId)}</th>
                <td>{x.count}</td>
                <td>{money(x.credits)}</td>
                <td>{money(x.debits)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
