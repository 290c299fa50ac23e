import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Icon } from '../../../components/ui';
import { FormFailure, useForm } from '../../../components/ui/form';
import { errorCodeOf } from '../../../lib/api';
import { parseMoney } from '../../../lib/contract';
import { formatWireMoney } from '../../../lib/format';
import { amountValidator, quickAmounts, wireLimits } from '../../../lib/money/amount';
import { moneyErrorText } from '../../../lib/money/errors';
import { AmountField, PIN_PATTERN, PinField } from '../../../lib/money/fields';
import { GLYPHS } from '../../../lib/money/glyphs';
import { useIntentKey } from '../../../lib/money/intent-key';
import { useCashierTexts, useFundsTexts } from '../../../lib/money/texts';
import { useCreateWithdrawal } from '../api/create-withdrawal';
import { useWithdrawOrders, type WithdrawOrderView } from '../api/withdraw-orders';
import type { BoundAccountView, WithdrawSettings } from '../api/withdraw-settings';
import styles from '../cashier.module.css';
import { AccountLabel } from './account-label';
import { BindAccountForm } from './bind-account-form';
import { Live, Note } from './messages';
import { SecondFactorField, useSecondFactor } from './second-factor';

/** The most a member can withdraw now: the merchant's maximum or the balance, the smaller. */
export function withdrawCeiling(settings: Pick<WithdrawSettings, 'maximumAmount' | 'availableBalance'>) {
  const max = parseMoney(settings.maximumAmount) ?? 0n;
  const balance = parseMoney(settings.availableBalance) ?? 0n;
  return balance < max ? balance : max;
}

function AccountChoice({
  accounts,
  value,
  onChange,
  onAdd,
  canAdd,
}: {
  accounts: readonly BoundAccountView[];
  value: number | null;
  onChange: (id: number) => void;
  onAdd: () => void;
  canAdd: boolean;
}) {
  const { t } = useCashierTexts();
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{t('withdraw.to')}</legend>
      <div className={styles.accountGrid}>
        {accounts.map((account) => (
          <label key={account.id} className={styles.channel} data-account={account.id}>
            <input
              type="radio"
              name="withdraw-account"
              value={account.id}
              checked={value === account.id}
              onChange={() => onChange(account.id)}
              className={styles.channelRadio}
            />
            <AccountLabel account={account} />
          </label>
        ))}
        {canAdd ? (
          <button type="button" className={styles.addCard} onClick={onAdd} data-action="add-account">
            <Icon path={GLYPHS.plus} size={18} />
            {t('accounts.add')}
          </button>
        ) : null}
      </div>
    </fieldset>
  );
}

/**
 * The withdrawal itself: which bound account, how much (within the merchant's limits and the
 * balance), the payment password. The amount goes on hold at once; one key per intent.
 */
export function WithdrawForm({ settings, symbol }: { settings: WithdrawSettings; symbol: string }) {
  const { t } = useCashierTexts();
  const { t: tf } = useFundsTexts();
  const { t: tc } = useTranslation();
  const { accounts } = settings;
  const [chosen, setChosen] = useState<number | null>(accounts[0]?.id ?? null);
  const [adding, setAdding] = useState(accounts.length === 0);
  const [done, setDone] = useState<WithdrawOrderView | null>(null);
  // The "on hold" notice follows the order's live status (the session WebSocket refreshes the
  // orders when it changes): once paid out, confirmed or returned, the money is no longer held.
  const orders = useWithdrawOrders(0);
  const current = done ? (orders.data?.content.find((o) => o.orderNo === done.orderNo) ?? done) : null;
  const onHold = current?.status === 'PENDING' ? current : null;
  const intent = useIntentKey();
  const mutation = useCreateWithdrawal();
  // A removed account (security centre) falls back to the first one left.
  const accountId = accounts.some((a) => a.id === chosen) ? chosen : (accounts[0]?.id ?? null);
  const ceiling = withdrawCeiling(settings);
  const min = parseMoney(settings.minimumAmount) ?? 0n;
  const canAdd = accounts.length < settings.maxAccounts;

  const secondFactor = useSecondFactor();
  const form = useForm({
    initial: { amount: '', paymentPassword: '' },
    validators: {
      amount: amountValidator(
        tf,
        wireLimits({
          min: settings.minimumAmount,
          max: settings.maximumAmount,
          available: settings.availableBalance,
        }),
        symbol,
      ),
      paymentPassword: (value) => (PIN_PATTERN.test(value) ? null : t('accounts.pinInvalid')),
    },
    onSubmit: async (values, f) => {
      if (accountId === null) return;
      setDone(null);
      const request = { accountId, amount: values.amount.trim(), paymentPassword: values.paymentPassword };
      try {
        const order = await mutation.mutateAsync({
          ...request,
          ...secondFactor.payload(),
          idempotencyKey: intent.keyFor(request),
        });
        intent.complete();
        secondFactor.reset();
        setDone(order);
        f.setValues({ amount: '', paymentPassword: '' });
      } catch (error) {
        intent.failed(error);
        secondFactor.asked(error);
        if (errorCodeOf(error) === 'payment.password.invalid') {
          f.setError('paymentPassword', t('accounts.refused.paymentPassword'));
        } else {
          f.setFailure(moneyErrorText(tf, tc, error));
        }
      }
    },
  });

  if (adding || accounts.length === 0) {
    return (
      <div className={styles.stack}>
        {accounts.length === 0 ? (
          <Note tone="info" title={t('withdraw.noAccountTitle')} data="no-account">
            <p>{t('withdraw.noAccount')}</p>
          </Note>
        ) : (
          <h4 className={styles.subTitle}>{t('accounts.addTitle')}</h4>
        )}
        <BindAccountForm
          banks={settings.banks}
          ewallets={settings.ewallets}
          onDone={(account) => {
            setChosen(account.id);
            setAdding(false);
          }}
          onCancel={accounts.length > 0 ? () => setAdding(false) : undefined}
        />
      </div>
    );
  }

  return (
    <form {...form.props} className={styles.form} data-form="withdraw">
      <AccountChoice
        accounts={accounts}
        value={accountId}
        onChange={setChosen}
        onAdd={() => setAdding(true)}
        canAdd={canAdd}
      />
      <AmountField
        label={t('common.amount')}
        {...form.field('amount')}
        symbol={symbol}
        hint={t('common.limits', {
          min: formatWireMoney(settings.minimumAmount, symbol),
          max: formatWireMoney(settings.maximumAmount, symbol),
        })}
        chips={ceiling >= min ? quickAmounts(min, ceiling, 5) : []}
        all={ceiling >= min ? ceiling : null}
      />
      <PinField label={t('common.paymentPassword')} {...form.field('paymentPassword')} />
      <SecondFactorField state={secondFactor} />
      <FormFailure>{form.failure}</FormFailure>
      <Button
        type="submit"
        size="lg"
        block
        busy={form.submitting}
        disabled={form.submitting}
        data-action="withdraw-submit"
      >
        {t('withdraw.submit')}
      </Button>
      <Live>
        {onHold ? (
          <Note tone="success" title={t('withdraw.requested')} data="withdraw-requested">
            <p>
              {t('withdraw.requestedText', {
                orderNo: onHold.orderNo,
                amount: formatWireMoney(onHold.amount, symbol),
              })}
            </p>
          </Note>
        ) : null}
      </Live>
    </form>
  );
}
