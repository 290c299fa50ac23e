import { type FormEvent, useState } from 'react';
import { Button, Modal, ModalTitle } from '../../../components/ui';
import { errorCodeOf } from '../../../lib/api';
import { PIN_PATTERN, PinField } from '../../../lib/money/fields';
import { useCashierTexts } from '../../../lib/money/texts';
import { notify } from '../../../lib/notify/notify';
import { useRemoveAccount } from '../api/bound-accounts';
import type { BoundAccountView } from '../api/withdraw-settings';
import styles from '../cashier.module.css';
import { AccountLabel, accountName } from './account-label';
import { FormFailure } from './messages';

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
  const mutation = useRemoveAccount();
  const [pin, setPin] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [failure, setFailure] = useState<unknown>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (mutation.isPending) return;
    setFailure(null);
    if (!PIN_PATTERN.test(pin)) {
      setProblem(t('accounts.pinInvalid'));
      return;
    }
    mutation.mutate(
      { id: account.id, paymentPassword: pin },
      {
        onSuccess: () => {
          notify(t('accounts.removed', { account: accountName(account) }), 'success');
          onClose();
        },
        onError: (error) => {
          if (errorCodeOf(error) === 'payment.password.invalid')
            setProblem(t('accounts.refused.paymentPassword'));
          else setFailure(error);
        },
      },
    );
  };

  return (
    <form className={styles.form} noValidate onSubmit={submit} data-form="remove-account">
      <ModalTitle>{t('accounts.removeTitle')}</ModalTitle>
      <p className={styles.muted}>{t('accounts.removeText')}</p>
      <div className={styles.accountBox}>
        <AccountLabel account={account} />
      </div>
      <PinField
        name="paymentPassword"
        label={t('common.paymentPassword')}
        value={pin}
        onChange={(v) => {
          setPin(v);
          setProblem(undefined);
        }}
        error={problem}
      />
      <FormFailure error={failure} />
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onClose} disabled={mutation.isPending}>
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          className={styles.danger}
          busy={mutation.isPending}
          disabled={mutation.isPending}
          data-action="remove-account-confirm"
        >
          {t('accounts.remove')}
        </Button>
      </div>
    </form>
  );
}
