import type { ReportPreset } from '@aurum/contract';
import { type FormEvent, useId, useState } from 'react';
import { Button, Spinner } from '../../components/ui';
import { FormFailure, TextField } from '../../components/ui/form';
import { REPORT_PRESETS } from '../../lib/contract';
import { formatWireMoney } from '../../lib/format/money';
import { useLoyaltyTexts } from '../../lib/loyalty/texts';
import { useWalletBalance } from '../../lib/money/balance';
import { LoadFailure, SelectField } from '../../lib/money/fields';
import {
  businessDay,
  DEFAULT_BUSINESS_OFFSET,
  type PeriodDraft,
  periodQuery,
} from '../../lib/money/report-period';
import { useBrand } from '../../lib/site';
import { useStatementTexts } from '../../lib/statement/texts';
import { type ProfitQuery, usePersonalProfit } from './api/personal-profit';
import styles from './loyalty.module.css';
import own from './wagering.module.css';

/**
 * Member centre `personalProfit` (issue 16): the member's own profit and loss over a period of
 * the business time zone (the presets of the other reports, or custom days): per game category
 * the valid bets, payouts and profit from the record of play, then the bonuses (net of forfeits
 * and expiries) and rebates from the ledger.
 */
export default function PersonalProfitPage() {
  const { t } = useLoyaltyTexts();
  const { t: ts } = useStatementTexts();
  const zone = useBrand().businessUtcOffset ?? DEFAULT_BUSINESS_OFFSET;
  const symbol = useWalletBalance().data?.currencySymbol ?? '';
  const titleId = useId();
  const [draft, setDraft] = useState<PeriodDraft>({ preset: 'today', from: '', to: '' });
  const [query, setQuery] = useState<ProfitQuery>({ preset: 'today' });
  const [invalid, setInvalid] = useState(false);
  const profit = usePersonalProfit(query);
  const show = (e: FormEvent) => {
    e.preventDefault();
    const next = periodQuery(draft, zone);
    setInvalid(next === null);
    if (next) setQuery(next);
  };
  const money = (v: string) => formatWireMoney(v, symbol);
  const data = profit.data;
  return (
    <div className={styles.page} data-page="personalProfit">
      <section className={styles.card} aria-labelledby={titleId}>
        <h3 id={titleId} className={styles.heading}>
          {t('profit.title')}
        </h3>
        <form className={own.filters} onSubmit={show} aria-labelledby={titleId}>
          <SelectField
            name="preset"
            label={ts('period')}
            value={draft.preset}
            onChange={(v: ReportPreset) => setDraft((d) => ({ ...d, preset: v }))}
            options={REPORT_PRESETS.map((p) => ({ value: p, label: ts(`presets.${p}`) }))}
          />
          {draft.preset === 'custom' ? (
            <>
              <TextField
                name="from"
                type="date"
                label={ts('from')}
                value={draft.from}
                onChange={(v) => setDraft((d) => ({ ...d, from: v }))}
              />
              <TextField
                name="to"
                type="date"
                label={ts('to')}
                value={draft.to}
                onChange={(v) => setDraft((d) => ({ ...d, to: v }))}
              />
            </>
          ) : null}
          <Button type="submit">{ts('show')}</Button>
        </form>
        {invalid ? <FormFailure>{ts('badRange')}</FormFailure> : null}
        {profit.isError ? (
          <LoadFailure error={profit.error} onRetry={() => void profit.refetch()} busy={profit.isFetching} />
        ) : !data ? (
          <Spinner label={t('profit.title')} />
        ) : (
          <>
            <p className={styles.muted} data-period="true">
              {businessDay(data.period.from, data.period.utcOffset)} –{' '}
              {businessDay(data.period.to - 1, data.period.utcOffset)} (UTC{data.period.utcOffset})
            </p>
            {data.categories.length === 0 ? (
              <p className={styles.muted}>{t('profit.empty')}</p>
            ) : (
              <ul className={styles.rows} aria-label={t('profit.byCategory')}>
                {data.categories.map((c) => (
                  <li key={c.category} className={styles.rowCard} data-category={c.category}>
                    <span className={styles.rowName}>{t(`categories.${c.category}`)}</span>
                    <span className={styles.rowDetail}>
                      {t('profit.line', {
                        rounds: c.rounds,
                        bet: money(c.validBet),
                        payout: money(c.payout),
                      })}
                    </span>
                    <span className={styles.rowAmount} data-profit={c.profit}>
                      {money(c.profit)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
            <dl className={styles.terms}>
              <div>
                <dt>{t('profit.validBet')}</dt>
                <dd>{money(data.validBet)}</dd>
              </div>
              <div>
                <dt>{t('profit.payout')}</dt>
                <dd>{money(data.payout)}</dd>
              </div>
              <div>
                <dt>{t('profit.gameProfit')}</dt>
                <dd data-game-profit="true">{money(data.gameProfit)}</dd>
              </div>
              <div>
                <dt>{t('profit.bonuses')}</dt>
                <dd>{money(data.bonuses)}</dd>
              </div>
              <div>
                <dt>{t('profit.rebates')}</dt>
                <dd>{money(data.rebates)}</dd>
              </div>
              <div>
                <dt>{t('profit.total')}</dt>
                <dd data-total="true">{money(data.total)}</dd>
              </div>
            </dl>
            <p className={styles.muted}>{t('profit.note')}</p>
          </>
        )}
      </section>
    </div>
  );
}
