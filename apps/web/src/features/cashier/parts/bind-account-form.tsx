import { type FormEvent, useRef, useState } from 'react';
import { Button } from '../../../components/ui';
import { TextField } from '../../../components/ui/form';
import { errorCodeOf, isApiError } from '../../../lib/api';
import { focusFirstProblem, PIN_PATTERN, PinField, SelectField } from '../../../lib/money/fields';
import { failureEndsIntent } from '../../../lib/money/intent-key';
import { useCashierTexts } from '../../../lib/money/texts';
import { notify } from '../../../lib/notify/notify';
import { type BindAccountPayload, useBindAccount } from '../api/bound-accounts';
import type { BoundAccountView } from '../api/withdraw-settings';
import styles from '../cashier.module.css';
import { FormFailure, Note } from './messages';

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
  const form = useRef<HTMLFormElement>(null);
  const types = ([['BANK', banks] as const, ['EWALLET', ewallets] as const] as const).filter(
    ([, list]) => list.length > 0,
  );
  const [type, setType] = useState<AccountType>(types[0]?.[0] ?? 'BANK');
  const [values, setValues] = useState<Values>({
    provider: '',
    payeeName: '',
    accountNumber: '',
    paymentPassword: '',
  });
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const mutation = useBindAccount();
  const providers = type === 'BANK' ? banks : ewallets;

  if (types.length === 0) return <Note tone="warning" title={t('accounts.noProviders')} />;

  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (problems[field]) setProblems((p) => ({ ...p, [field]: undefined }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (mutation.isPending) return;
    setFailure(null);
    const found = validateBindAccount(values, providers);
    const texts = Object.fromEntries(Object.entries(found).map(([f, key]) => [f, t(`accounts.${key}`)]));
    setProblems(texts);
    if (Object.keys(texts).length > 0) {
      focusFirstProblem(form.current, texts);
      return;
    }
    mutation.mutate(
      {
        type,
        provider: values.provider,
        payeeName: values.payeeName.trim(),
        accountNumber: values.accountNumber.trim(),
        paymentPassword: values.paymentPassword,
      },
      {
        onSuccess: (account) => {
          notify(t('accounts.bound', { account: `${account.provider} ${account.accountNumber}` }), 'success');
          onDone(account);
        },
        onError: (error) => {
          // The server's real-name rule refused the payee name (details.payeeName).
          if (errorCodeOf(error) === 'validation.failed' && isApiError(error) && error.details?.payeeName) {
            setProblems({ payeeName: t('accounts.refused.payeeName') });
            focusFirstProblem(form.current, { payeeName: true });
            return;
          }
          const field = FIELD_OF_CODE[errorCodeOf(error) ?? ''];
          if (field && failureEndsIntent(error)) {
            setProblems({ [field]: t(`accounts.refused.${field as 'paymentPassword' | 'accountNumber'}`) });
          } else {
            setFailure(error);
          }
        },
      },
    );
  };

  return (
    <form ref={form} className={styles.form} noValidate onSubmit={submit} data-form="bind-account">
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
                    set('provider')('');
                  }}
                />
                <span>{t(`accounts.type.${value}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <SelectField
        name="provider"
        label={t(type === 'BANK' ? 'accounts.bank' : 'accounts.ewallet')}
        placeholder={t('accounts.choose')}
        value={values.provider}
        options={providers.map((p) => ({ value: p, label: p }))}
        onChange={set('provider')}
        error={problems.provider}
      />
      <TextField
        name="payeeName"
        label={t('accounts.payeeName')}
        value={values.payeeName}
        onChange={set('payeeName')}
        autoComplete="name"
        maxLength={PAYEE_NAME_MAX}
        hint={t('accounts.payeeHint')}
        error={problems.payeeName}
      />
      <TextField
        name="accountNumber"
        label={t(type === 'BANK' ? 'accounts.accountNumber' : 'accounts.walletNumber')}
        value={values.accountNumber}
        onChange={set('accountNumber')}
        autoComplete="off"
        maxLength={40}
        error={problems.accountNumber}
      />
      <PinField
        name="paymentPassword"
        label={t('common.paymentPassword')}
        value={values.paymentPassword}
        onChange={set('paymentPassword')}
        error={problems.paymentPassword}
      />
      <FormFailure error={failure} />
      <div className={styles.actions}>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel} disabled={mutation.isPending}>
            {t('common.cancel')}
          </Button>
        ) : null}
        <Button
          type="submit"
          busy={mutation.isPending}
          disabled={mutation.isPending}
          data-action="bind-account"
        >
          {t('accounts.bind')}
        </Button>
      </div>
    </form>
  );
}
