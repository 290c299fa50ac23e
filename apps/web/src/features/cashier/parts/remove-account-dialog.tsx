import { useTranslation } from 'react-i18next';
import { Modal, ModalTitle } from '../../../components/ui';
import { FormFailure, useForm } from '../../../components/ui/form';
import { errorCodeOf } from '../../../lib/api';
import { moneyErrorText } from '../../../lib/money/errors';
import { PIN_PATTERN, PinField } from '../../../lib/money/fields';
import { useCashierTexts, useFundsTexts } from '../../../lib/money/texts';
import { notify } from '../../../lib/notify/notify';
import { useRemoveAccount } from '../api/bound-accounts';
import type { BoundAccountView } from '../api/withdraw-settings';
import styles from '../cashier.module.css';
import { AccountLabel, accountName } from './account-label';
import { FormActions } from './form-actions';

/** Removes a bound account once the member gives the payment password. */
export function RemoveAccountDialog({
  open,
  account,
  onClose,
}: {
  open: boolean;
  /** Kept after closing, so the dialog fades out with its content. */
  account: BoundAccountView | null;
  onClose: () => void;
}) {
  return (
    <Modal open={open && account !== null} onClose={onClose} size="sm" dataModal="remove-account">
      {account ? <RemoveAccountBody account={account} onClose={onClose} /> : null}
    </Modal>
  );
}

function RemoveAccountBody({ account, onClose }: { account: BoundAccountView; onClose: () => void }) {
  const { t } = useCashierTexts();
  const { t: tf } = useFundsTexts();
  const { t: tc } = useTranslation();
  const mutation = useRemoveAccount();
  const form = useForm({
    initial: { paymentPassword: '' },
    validators: {
      paymentPassword: (value) => (PIN_PATTERN.test(value) ? null : t('accounts.pinInvalid')),
    },
    onSubmit: async (values, f) => {
      try {
        await mutation.mutateAsync({ id: account.id, paymentPassword: values.paymentPassword });
        notify(t('accounts.removed', { account: accountName(account) }), 'success');
        onClose();
      } catch (error) {
        if (errorCodeOf(error) === 'payment.password.invalid')
          f.setError('paymentPassword', t('accounts.refused.paymentPassword'));
        else f.setFailure(moneyErrorText(tf, tc, error));
      }
    },
  });

  return (
    <form {...form.props} className={styles.form} data-form="remove-account">
      <ModalTitle>{t('accounts.removeTitle')}</ModalTitle>
      <p className={styles.muted}>{t('accounts.removeText')}</p>
      <div className={styles.accountBox}>
        <AccountLabel account={account} />
      </div>
      <PinField label={t('common.paymentPassword')} {...form.field('paymentPassword')} />
      <FormFailure>{form.failure}</FormFailure>
      <FormActions
        submitting={form.submitting}
        onCancel={onClose}
        label={t('accounts.remove')}
        action="remove-account-confirm"
        danger
      />
    </form>
  );
}
