import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui';
import { formatWireMoney } from '../../../lib/format';
import {
  type AmountProblem,
  amountProblemText,
  checkAmount,
  quickAmounts,
  wireLimits,
} from '../../../lib/money/amount';
import { AmountField, focusFirstProblem } from '../../../lib/money/fields';
import { useIntentKey } from '../../../lib/money/intent-key';
import { useCashierTexts, useFundsTexts } from '../../../lib/money/texts';
import { useCreateDeposit } from '../api/create-deposit';
import type { DepositChannelView } from '../api/deposit-settings';
import styles from '../cashier.module.css';
import { FormFailure, Live, Note } from './messages';

/** Only a web address may take the member away; anything else in payUrl is not followed. */
export function safePayUrl(payUrl: string | null): string | null {
  if (!payUrl) return null;
  try {
    const url = new URL(payUrl, window.location.href);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Kept apart so tests can watch the member leave for the gateway. */
export const leaveFor = {
  go: (url: string) => window.location.assign(url),
};

/**
 * A payment-gateway deposit: the order is created, then the member goes to the gateway's page
 * in this tab; the gateway sends them back to `/?deposit=<orderNo>`, where the member centre
 * reopens on that order's status.
 */
export function GatewayDepositForm({ channel, symbol }: { channel: DepositChannelView; symbol: string }) {
  const { t } = useCashierTexts();
  const { t: tf } = useFundsTexts();
  const form = useRef<HTMLFormElement>(null);
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<AmountProblem | null>(null);
  const [noPayUrl, setNoPayUrl] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const intent = useIntentKey();
  const mutation = useCreateDeposit();
  const limits = wireLimits({ min: channel.minAmount, max: channel.maxAmount });
  const busy = mutation.isPending || leaving;

  // Back from the gateway with the browser's back button, the page may come from its cache as it
  // was left: the form is usable again.
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setNoPayUrl(false);
    const found = checkAmount(amount, limits);
    setProblem(found);
    if (found) {
      focusFirstProblem(form.current, { amount: found });
      return;
    }
    const request = { channelId: channel.id, amount: amount.trim() };
    mutation.mutate(
      { ...request, idempotencyKey: intent.keyFor(request) },
      {
        onSuccess: (order) => {
          intent.complete();
          const url = safePayUrl(order.payUrl);
          if (!url) {
            setNoPayUrl(true);
            return;
          }
          setLeaving(true);
          leaveFor.go(url);
        },
        onError: intent.failed,
      },
    );
  };

  return (
    <form ref={form} className={styles.form} noValidate onSubmit={submit} data-form="deposit-gateway">
      <AmountField
        label={t('common.amount')}
        value={amount}
        onChange={(v) => {
          setAmount(v);
          if (problem) setProblem(null);
        }}
        symbol={symbol}
        error={problem ? amountProblemText(tf, problem, symbol) : undefined}
        hint={t('common.limits', {
          min: formatWireMoney(channel.minAmount, symbol),
          max: formatWireMoney(channel.maxAmount, symbol),
        })}
        chips={quickAmounts(limits.min ?? null, limits.max ?? null)}
      />
      <FormFailure error={mutation.error} />
      {noPayUrl ? (
        <p role="alert" className={styles.failure}>
          {t('deposit.noPayUrl')}
        </p>
      ) : null}
      <Button type="submit" size="lg" block busy={busy} disabled={busy} data-action="deposit-pay">
        {t('deposit.payNow')}
      </Button>
      <Live>
        {leaving ? (
          <Note tone="info" data="redirecting">
            {t('deposit.redirecting')}
          </Note>
        ) : null}
      </Live>
      <p className={styles.muted}>{t('deposit.gatewayNote')}</p>
    </form>
  );
}
