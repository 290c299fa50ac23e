import { type FormEvent, useRef, useState } from 'react';
import { Button, Icon } from '../../../components/ui';
import { errorCodeOf } from '../../../lib/api';
import { parseMoney } from '../../../lib/contract';
import { formatWireMoney } from '../../../lib/format';
import {
  type AmountProblem,
  amountProblemText,
  checkAmount,
  quickAmounts,
  wireLimits,
} from '../../../lib/money/amount';
import { AmountField, focusFirstProblem, PIN_PATTERN, PinField } from '../../../lib/money/fields';
import { GLYPHS } from '../../../lib/money/glyphs';
import { useIntentKey } from '../../../lib/money/intent-key';
import { useCashierTexts, useFundsTexts } from '../../../lib/money/texts';
import { useCreateWithdrawal } from '../api/create-withdrawal';
import { useWithdrawOrders, type WithdrawOrderView } from '../api/withdraw-orders';
import type { BoundAccountView, WithdrawSettings } from '../api/withdraw-settings';
import styles from '../cashier.module.css';
import { AccountLabel } from './account-label';
import { BindAccountForm } from './bind-account-form';
import { FormFailure, Live, Note } from './messages';

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
  const form = useRef<HTMLFormElement>(null);
  const { accounts } = settings;
  const [chosen, setChosen] = useState<number | null>(accounts[0]?.id ?? null);
  const [adding, setAdding] = useState(accounts.length === 0);
  const [amount, setAmount] = useState('');
  const [pin, setPin] = useState('');
  const [problems, setProblems] = useState<{ amount: AmountProblem | null; pin?: string | undefined }>({
    amount: null,
  });
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

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (mutation.isPending || accountId === null) return;
    setDone(null);
    const found = {
      amount: checkAmount(
        amount,
        wireLimits({
          min: settings.minimumAmount,
          max: settings.maximumAmount,
          available: settings.availableBalance,
        }),
      ),
      pin: PIN_PATTERN.test(pin) ? undefined : t('accounts.pinInvalid'),
    };
    setProblems(found);
    if (found.amount || found.pin) {
      focusFirstProblem(form.current, { amount: found.amount, paymentPassword: found.pin });
      return;
    }
    const request = { accountId, amount: amount.trim(), paymentPassword: pin };
    mutation.mutate(
      { ...request, idempotencyKey: intent.keyFor(request) },
      {
        onSuccess: (order) => {
          intent.complete();
          setDone(order);
          setAmount('');
          setPin('');
        },
        onError: (error) => {
          intent.failed(error);
          if (errorCodeOf(error) === 'payment.password.invalid') {
            setProblems((p) => ({ ...p, pin: t('accounts.refused.paymentPassword') }));
            mutation.reset();
          }
        },
      },
    );
  };

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
    <form ref={form} className={styles.form} noValidate onSubmit={submit} data-form="withdraw">
      <AccountChoice
        accounts={accounts}
        value={accountId}
        onChange={setChosen}
        onAdd={() => setAdding(true)}
        canAdd={canAdd}
      />
      <AmountField
        label={t('common.amount')}
        value={amount}
        onChange={(v) => {
          setAmount(v);
          if (problems.amount) setProblems((p) => ({ ...p, amount: null }));
        }}
        symbol={symbol}
        error={problems.amount ? amountProblemText(tf, problems.amount, symbol) : undefined}
        hint={t('common.limits', {
          min: formatWireMoney(settings.minimumAmount, symbol),
          max: formatWireMoney(settings.maximumAmount, symbol),
        })}
        chips={ceiling >= min ? quickAmounts(min, ceiling, 5) : []}
        all={ceiling >= min ? ceiling : null}
      />
      <PinField
        name="paymentPassword"
        label={t('common.paymentPassword')}
        value={pin}
        onChange={(v) => {
          setPin(v);
          if (problems.pin) setProblems((p) => ({ ...p, pin: undefined }));
        }}
        error={problems.pin}
      />
      <FormFailure error={mutation.error} />
      <Button
        type="submit"
        size="lg"
        block
        busy={mutation.isPending}
        disabled={mutation.isPending}
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
