import type { RebateInfo } from '@aurum/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Spinner } from '../../components/ui';
import { FormFailure } from '../../components/ui/form';
import { errorCodeOf, errorTextKey } from '../../lib/api';
import { formatDateTime } from '../../lib/format/date';
import { formatWireMoney } from '../../lib/format/money';
import { useLoyaltyTexts } from '../../lib/loyalty/texts';
import { useWalletBalance } from '../../lib/money/balance';
import { LoadFailure, Notice } from '../../lib/money/fields';
import { useRebateClaim } from './api/rebate-claim';
import { useRebateClaims } from './api/rebate-claims';
import { useRebateInfo } from './api/rebate-info';
import { formatRebate } from './format';
import styles from './loyalty.module.css';

/**
 * The rebate page of the member centre (issue 16): what has accrued since the last claim per
 * category (4 decimals, live), the claim button (pays 2 decimals, the rest carried) and the
 * claim history.
 */
export default function RebatePage() {
  const { t } = useLoyaltyTexts();
  const info = useRebateInfo();
  const symbol = useWalletBalance().data?.currencySymbol ?? '';
  if (info.isError) {
    return <LoadFailure error={info.error} onRetry={() => void info.refetch()} busy={info.isFetching} />;
  }
  if (!info.data) return <Spinner label={t('rebate.title')} />;
  return (
    <div className={styles.page} data-page="rebate">
      <Accrued info={info.data} symbol={symbol} />
      <ClaimHistory symbol={symbol} />
      <section className={styles.card} aria-labelledby="rebate-rules">
        <h3 id="rebate-rules" className={styles.heading}>
          {t('rank.rules')}
        </h3>
        <p className={styles.muted}>{t('rebate.rules')}</p>
      </section>
    </div>
  );
}

function Accrued({ info, symbol }: { info: RebateInfo; symbol: string }) {
  const { t } = useLoyaltyTexts();
  const { t: tc } = useTranslation();
  const claim = useRebateClaim();
  const [paid, setPaid] = useState<string | null>(null);
  const claimable = info.claimable !== '0.00';
  const failure = claim.error
    ? errorCodeOf(claim.error) === 'loyalty.rebate.nothing'
      ? t('rebate.errorNothing')
      : tc(errorTextKey(errorCodeOf(claim.error)))
    : null;
  return (
    <section className={styles.card} aria-labelledby="rebate-accrued">
      <h3 id="rebate-accrued" className={styles.heading}>
        {t('rebate.title')}
      </h3>
      <p className={styles.muted}>{t('rebate.rates', { name: info.levelName })}</p>
      {info.categories.length === 0 ? (
        <p className={styles.muted}>{t('rebate.empty')}</p>
      ) : (
        <ul className={styles.rows} aria-label={t('rebate.title')}>
          {info.categories.map((c) => (
            <li key={c.category} className={styles.rowCard} data-category={c.category}>
              <span className={styles.rowName}>{t(`categories.${c.category}`)}</span>
              <span className={styles.rowDetail}>
                {t('rebate.validBet')} {formatWireMoney(c.validBet, symbol)} · {t('rebate.rate')} {c.rate}%
              </span>
              <span className={styles.rowAmount} data-amount="true">
                {formatRebate(c.amount, symbol)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <dl className={styles.terms}>
        {info.carried !== '0.0000' ? (
          <div>
            <dt>{t('rebate.carried')}</dt>
            <dd>{formatRebate(info.carried, symbol)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('rebate.total')}</dt>
          <dd data-total="true">{formatRebate(info.total, symbol)}</dd>
        </div>
      </dl>
      {info.autoPay ? <Notice>{t('rebate.auto')}</Notice> : null}
      <Button
        variant="primary"
        disabled={!claimable || claim.isPending}
        busy={claim.isPending}
        onClick={() => {
          setPaid(null);
          claim.mutate(undefined, { onSuccess: (c) => setPaid(c.paid) });
        }}
        data-action="claim-rebate"
      >
        {claimable
          ? t('rebate.claim', { amount: formatWireMoney(info.claimable, symbol) })
          : t('rebate.nothing')}
      </Button>
      <div aria-live="polite">
        {paid ? (
          <p className={styles.success}>{t('rebate.claimed', { amount: formatWireMoney(paid, symbol) })}</p>
        ) : null}
        {failure ? <FormFailure>{failure}</FormFailure> : null}
      </div>
    </section>
  );
}

function ClaimHistory({ symbol }: { symbol: string }) {
  const { t } = useLoyaltyTexts();
  const [page, setPage] = useState(1);
  const claims = useRebateClaims(page);
  const data = claims.data;
  return (
    <section className={styles.card} aria-labelledby="rebate-history">
      <h3 id="rebate-history" className={styles.heading}>
        {t('rebate.history')}
      </h3>
      {claims.isError ? (
        <LoadFailure error={claims.error} onRetry={() => void claims.refetch()} busy={claims.isFetching} />
      ) : !data ? (
        <Spinner label={t('rebate.history')} />
      ) : data.content.length === 0 ? (
        <p className={styles.muted}>{t('rebate.historyEmpty')}</p>
      ) : (
        <>
          <ul className={styles.rows} aria-label={t('rebate.history')}>
            {data.content.map((c) => (
              <li key={c.id} className={styles.rowCard} data-claim={c.id}>
                <span className={styles.rowName}>
                  {t(c.mode === 'auto' ? 'rebate.autoMode' : 'rebate.manual')}
                </span>
                <span className={styles.rowDetail}>{formatDateTime(c.createdAt)}</span>
                <span className={styles.rowAmount}>{formatWireMoney(c.paid, symbol)}</span>
              </li>
            ))}
          </ul>
          {data.totalPages > 1 ? (
            <nav className={styles.pager} aria-label={t('rebate.history')}>
              <Button variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                {t('rebate.previous')}
              </Button>
              <span>{t('rebate.page', { page, pages: data.totalPages })}</span>
              <Button
                variant="secondary"
                disabled={page >= data.totalPages}
                onClick={() => setPage((p) => p + 1)}
              >
                {t('rebate.nextPage')}
              </Button>
            </nav>
          ) : null}
        </>
      )}
    </section>
  );
}
