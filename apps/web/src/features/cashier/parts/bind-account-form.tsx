import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFailure, TextField, useForm } from '../../../components/ui/form';
import { errorCodeOf, isApiError } from '../../../lib/api';
import { moneyErrorText } from '../../../lib/money/errors';
import { PIN_PATTERN, PinField, SelectField } from '../../../lib/money/fields';
import { failureEndsIntent } from '../../../lib/money/intent-key';
import { useCashierTexts, useFundsTexts } from '../../../lib/money/texts';
import { notify } from '../../../lib/notify/notify';
import { type BindAccountPayload, useBindAccount } from '../api/bound-accounts';
import type { BoundAccountView } from '../api/withdraw-settings';
import styles from '../cashier.module.css';
import { FormActions } from './form-actions';
import { Note } from './messages';

type AccountType = BindAccountPayload['type'];
type Field = 'provider' | 'payeeName' | 'accountNumber' | 'paymentPassword';
type Values = Record<Field, string>;

/** The contract's account number rule (bindAccountRequestSchema). */
export const ACCOUNT_NUMBER_PATTERN = /^[A-Za-z0-9 -]{4,40}$/;
export const PAYEE_NAME_MAX = 64;

export function validateBindAccount(values: Values, providers: readonly string[]) {
  const problems: Partial<
    Record<Field, 'providerRequired' | 'payeeRequired' | 'numberInvalid' | 'pinInvalid'>
  > = {};
  if (!providers.includes(values.provider)) problems.provider = 'providerRequired';
  if (!values.payeeName.trim()) problems.payeeName = 'payeeRequired';
  if (!ACCOUNT_NUMBER_PATTERN.test(values.accountNumber.trim())) problems.accountNumber = 'numberInvalid';
  if (!PIN_PATTERN.test(values.paymentPassword)) problems.paymentPassword = 'pinInvalid';
  return problems;
}

const FIELD_OF_CODE: Record<string, Field> = {
  'payment.password.invalid': 'paymentPassword',
  'cashier.account.exists': 'accountNumber',
};

/**
 * Binds a withdrawal account: a bank or an e-wallet from the merchant's lists, the payee's name,
 * the account number, guarded by the payment password.
 */
export function BindAccountForm({
  banks,
  ewallets,
  onDone,
  onCancel,
}: {
  banks: readonly string[];
  ewallets: readonly string[];
  onDone: (account: BoundAccountView) => void;
  onCancel?: () => void;
}) {
  const { t } = useCashierTexts();
  const { t: tf } = useFundsTexts();
  const { t: tc } = useTranslation();
  const types = ([['BANK', banks] as const, ['EWALLET', ewallets] as const] as const).filter(
    ([, list]) => list.length > 0,
  );
  const [type, setType] = useState<AccountType>(types[0]?.[0] ?? 'BANK');
  const mutation = useBindAccount();
  const providers = type === 'BANK' ? banks : ewallets;

  const form = useForm<Values>({
    initial: { provider: '', payeeName: '', accountNumber: '', paymentPassword: '' },
    validate: (values) => {
      const found = validateBindAccount(values, providers);
      return Object.fromEntries(Object.entries(found).map(([f, key]) => [f, t(`accounts.${key}`)]));
    },
    onSubmit: async (values, f) => {
      try {
        const account = await mutation.mutateAsync({
          type,
          provider: values.provider,
          payeeName: values.payeeName.trim(),
          accountNumber: values.accountNumber.trim(),
          paymentPassword: values.paymentPassword,
        });
        notify(t('accounts.bound', { account: `${account.provider} ${account.accountNumber}` }), 'success');
        onDone(account);
      } catch (error) {
        // The server's real-name rule refused the payee name (details.payeeName).
        if (errorCodeOf(error) === 'validation.failed' && isApiError(error) && error.details?.payeeName) {
          f.setError('payeeName', t('accounts.refused.payeeName'));
          return;
        }
        const field = FIELD_OF_CODE[errorCodeOf(error) ?? ''];
        if (field && failureEndsIntent(error)) {
          f.setError(field, t(`accounts.refused.${field as 'paymentPassword' | 'accountNumber'}`));
        } else {
          f.setFailure(moneyErrorText(tf, tc, error));
        }
      }
    },
  });

  if (types.length === 0) return <Note tone="warning" title={t('accounts.noProviders')} />;

  return (
    <form {...form.props} className={styles.form} data-form="bind-account">
      {types.length > 1 ? (
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{t('accounts.typeLabel')}</legend>
          <div className={styles.segmented}>
            {types.map(([value]) => (
              <label key={value} className={styles.segment}>
                <input
                  type="radio"
                  name="account-type"
                  value={value}
                  checked={type === value}
                  onChange={() => {
                    setType(value);
                    form.setValue('provider', '');
                  }}
                />
                <span>{t(`accounts.type.${value}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <SelectField
        label={t(type === 'BANK' ? 'accounts.bank' : 'accounts.ewallet')}
        placeholder={t('accounts.choose')}
        options={providers.map((p) => ({ value: p, label: p }))}
        {...form.field('provider')}
      />
      <TextField
        label={t('accounts.payeeName')}
        {...form.field('payeeName')}
        autoComplete="name"
        maxLength={PAYEE_NAME_MAX}
        hint={t('accounts.payeeHint')}
      />
      <TextField
        label={t(type === 'BANK' ? 'accounts.accountNumber' : 'accounts.walletNumber')}
        {...form.field('accountNumber')}
        autoComplete="off"
        maxLength={40}
      />
      <PinField label={t('common.paymentPassword')} {...form.field('paymentPassword')} />
      <FormFailure>{form.failure}</FormFailure>
      <FormActions
        submitting={form.submitting}
        onCancel={onCancel}
        label={t('accounts.bind')}
        action="bind-account"
      />
    </form>
  );
}
