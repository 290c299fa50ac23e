import { useId } from 'react';
import { formatWireMoney } from '../../lib/format';
import { LoadFailure } from '../../lib/money/fields';
import { useCashierTexts } from '../../lib/money/texts';
import { useBrand } from '../../lib/site';
import { useWithdrawSettings } from './api/withdraw-settings';
import styles from './cashier.module.css';
import { Loading, Note } from './parts/messages';
import { PaymentPasswordForm } from './parts/payment-password-form';
import { WithdrawForm } from './parts/withdraw-form';
import { WithdrawOrders } from './parts/withdraw-orders';

/**
 * Member centre `withdraw` (issue 4 Cashier → Withdraw): the limits and the available balance,
 * the payment password first if there is none, a bound account (or binding one), the amount and
 * the payment password; then the withdrawals and the confirmation of paid ones.
 */
export default function WithdrawPage() {
  const { t } = useCashierTexts();
  const headingId = useId();
  const settings = useWithdrawSettings();
  const symbol = useBrand().currencySymbol;
  const data = settings.data;
  return (
    <div className={styles.page} data-cashier-page="withdraw">
      <section aria-labelledby={headingId} className={styles.card}>
        <div className={styles.cardHead}>
          <h3 id={headingId}>{t('withdraw.title')}</h3>
        </div>
        {settings.isPending ? (
          <Loading />
        ) : !data ? (
          <LoadFailure
            error={settings.error}
            onRetry={() => void settings.refetch()}
            busy={settings.isFetching}
          />
        ) : (
          <>
            <dl className={styles.summary} data-withdraw-summary="true">
              <div className={styles.summaryItem}>
                <dt>{t('withdraw.available')}</dt>
                <dd className={`${styles.summaryValue} tabular`} data-available={data.availableBalance}>
                  {formatWireMoney(data.availableBalance, symbol)}
                </dd>
              </div>
              <div className={styles.summaryItem}>
                <dt>{t('withdraw.limits')}</dt>
                <dd className="tabular">
                  {t('deposit.range', {
                    min: formatWireMoney(data.minimumAmount, symbol),
                    max: formatWireMoney(data.maximumAmount, symbol),
                  })}
                </dd>
              </div>
            </dl>
            {data.hasPaymentPassword ? (
              <WithdrawForm settings={data} symbol={symbol} />
            ) : (
              <div className={styles.stack} data-needs="payment-password">
                <Note tone="warning" title={t('withdraw.needPasswordTitle')}>
                  <p>{t('withdraw.needPassword')}</p>
                </Note>
                <PaymentPasswordForm hasPassword={false} />
              </div>
            )}
          </>
        )}
      </section>
      <WithdrawOrders symbol={symbol} />
    </div>
  );
}
