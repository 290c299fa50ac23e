import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui';
import { useKycInfo } from '../../lib/account/kyc';
import { formatWireMoney } from '../../lib/format';
import { LoadFailure } from '../../lib/money/fields';
import { useCashierTexts } from '../../lib/money/texts';
import { useBrand } from '../../lib/site';
import { useBonusTurnover } from './api/bonus-turnover';
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
/**
 * Know your customer (docs/kyc.md): where the merchant requires a verified identity above an
 * amount and the member is not verified, the page says so before the member types anything, with
 * the way to the security centre's verification.
 */
function VerificationNote({ goTo }: { goTo?: ((page: 'securityCenter') => void) | undefined }) {
  const { t } = useCashierTexts();
  const { t: tc } = useTranslation();
  const symbol = useBrand().currencySymbol;
  const kyc = useKycInfo().data;
  if (!kyc || kyc.requiredAbove === null || kyc.status === 'verified') return null;
  return (
    <Note tone="warning" title={tc('errors.verificationRequired')} data="kyc">
      <p>
        {t('withdraw.verificationAbove', {
          amount: formatWireMoney(kyc.requiredAbove, symbol),
          status: t(`withdraw.kycStatus.${kyc.status}`),
        })}
      </p>
      {goTo ? (
        <Button variant="secondary" onClick={() => goTo('securityCenter')} data-action="verify-identity">
          {t('withdraw.verifyNow')}
        </Button>
      ) : null}
    </Note>
  );
}

/**
 * Wagering (docs/loyalty.md): while a bonus's turnover is open a withdrawal is refused; the page
 * says so with the remaining turnover, and the way to the bonus details (to forfeit it).
 */
function WageringNote({ goTo }: { goTo?: ((page: 'bonusDetails') => void) | undefined }) {
  const { t } = useCashierTexts();
  const symbol = useBrand().currencySymbol;
  const bonus = useBonusTurnover().data;
  if (!bonus || bonus.open === 0) return null;
  return (
    <Note tone="warning" title={t('withdraw.wageringTitle')} data="wagering">
      <p>{t('withdraw.wageringOpen', { amount: formatWireMoney(bonus.remaining, symbol) })}</p>
      {goTo ? (
        <Button variant="secondary" onClick={() => goTo('bonusDetails')} data-action="bonus-details">
          {t('withdraw.bonusDetails')}
        </Button>
      ) : null}
    </Note>
  );
}

export default function WithdrawPage({
  goTo,
}: {
  goTo?: (page: 'securityCenter' | 'bonusDetails') => void;
} = {}) {
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
            <VerificationNote goTo={goTo} />
            <WageringNote goTo={goTo} />
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
