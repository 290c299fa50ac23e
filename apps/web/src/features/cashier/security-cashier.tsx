import { useId, useState } from 'react';
import { Button, cx, Icon } from '../../components/ui';
import { LoadFailure } from '../../lib/money/fields';
import { GLYPHS } from '../../lib/money/glyphs';
import { useCashierTexts } from '../../lib/money/texts';
import { useBoundAccounts } from './api/bound-accounts';
import { type BoundAccountView, useWithdrawSettings } from './api/withdraw-settings';
import styles from './cashier.module.css';
import { AccountLabel, accountName } from './parts/account-label';
import { BindAccountForm } from './parts/bind-account-form';
import { Loading, Note } from './parts/messages';
import { PaymentPasswordForm } from './parts/payment-password-form';
import { PaymentPasswordReset } from './parts/payment-password-reset';
import { RemoveAccountDialog } from './parts/remove-account-dialog';

/**
 * The security centre's cashier sections (issue 4 Web → securityCenter): the withdraw (payment)
 * password, and the bound withdrawal accounts. Rendered inside the security centre's grid.
 */
export default function CashierSecurity() {
  return (
    <>
      <PaymentPasswordSection />
      <BoundAccountsSection />
    </>
  );
}

function PaymentPasswordSection() {
  const { t } = useCashierTexts();
  const headingId = useId();
  const settings = useWithdrawSettings();
  const has = settings.data?.hasPaymentPassword;
  const [resetting, setResetting] = useState(false);
  return (
    <section aria-labelledby={headingId} className={styles.section} data-security="payment-password">
      <div className={styles.cardHead}>
        <h3 id={headingId}>
          <Icon path={GLYPHS.shield} size={18} />
          {t('paymentPassword.title')}
        </h3>
        {has === undefined ? null : (
          <span className={cx(styles.badge, has ? styles.success : styles.pending)} data-has-password={has}>
            {has ? t('paymentPassword.isSet') : t('paymentPassword.notSet')}
          </span>
        )}
      </div>
      <p className={styles.muted}>{t('paymentPassword.about')}</p>
      {settings.isPending ? (
        <Loading />
      ) : has === undefined ? (
        <LoadFailure
          error={settings.error}
          onRetry={() => void settings.refetch()}
          busy={settings.isFetching}
        />
      ) : (
        // Keyed: once set, the form becomes the change form, empty.
        <>
          {resetting ? (
            <PaymentPasswordReset onDone={() => setResetting(false)} onCancel={() => setResetting(false)} />
          ) : (
            <PaymentPasswordForm key={String(has)} hasPassword={has} />
          )}
          {has && !resetting ? (
            <div>
              <Button
                variant="ghost"
                onClick={() => setResetting(true)}
                data-action="forgot-payment-password"
              >
                {t('paymentPassword.forgot')}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

function BoundAccountsSection() {
  const { t } = useCashierTexts();
  const headingId = useId();
  const accounts = useBoundAccounts();
  const settings = useWithdrawSettings();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<BoundAccountView | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const list = accounts.data ?? [];
  const config = settings.data;
  const canAdd = config !== undefined && list.length < config.maxAccounts;
  return (
    <section aria-labelledby={headingId} className={styles.section} data-security="bound-accounts">
      <div className={styles.cardHead}>
        <h3 id={headingId}>
          <Icon path={GLYPHS.bank} size={18} />
          {t('accounts.title')}
        </h3>
        {config && accounts.data ? (
          <span className={styles.muted}>
            {t('accounts.count', { count: list.length, max: config.maxAccounts })}
          </span>
        ) : null}
      </div>
      {accounts.isPending ? (
        <Loading />
      ) : accounts.isError && !accounts.data ? (
        <LoadFailure
          error={accounts.error}
          onRetry={() => void accounts.refetch()}
          busy={accounts.isFetching}
        />
      ) : list.length === 0 ? (
        <p className={styles.muted} data-empty="true">
          {t('accounts.none')}
        </p>
      ) : (
        <ul className={styles.accountList}>
          {list.map((account) => (
            <li key={account.id} className={styles.accountItem} data-account={account.id}>
              <AccountLabel account={account} />
              <Button
                variant="ghost"
                size="sm"
                iconOnly
                aria-label={t('accounts.removeLabel', { account: accountName(account) })}
                onClick={() => {
                  setRemoving(account);
                  setDialogOpen(true);
                }}
                data-action="remove-account"
              >
                <Icon path={GLYPHS.trash} size={16} />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {!config ? null : !config.hasPaymentPassword ? (
        <Note tone="info" data="accounts-need-password">
          <p>{t('accounts.needPassword')}</p>
        </Note>
      ) : adding ? (
        <BindAccountForm
          banks={config.banks}
          ewallets={config.ewallets}
          onDone={() => setAdding(false)}
          onCancel={() => setAdding(false)}
        />
      ) : canAdd ? (
        <Button variant="secondary" onClick={() => setAdding(true)} data-action="add-account">
          <Icon path={GLYPHS.plus} size={16} />
          {t('accounts.add')}
        </Button>
      ) : (
        <p className={styles.muted}>{t('accounts.limitReached')}</p>
      )}
      <RemoveAccountDialog
        key={removing?.id ?? 'none'}
        open={dialogOpen}
        account={removing}
        onClose={() => setDialogOpen(false)}
      />
    </section>
  );
}
