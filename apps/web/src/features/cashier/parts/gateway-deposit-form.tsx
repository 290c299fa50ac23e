import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui';
import { FormFailure, useForm } from '../../../components/ui/form';
import { formatWireMoney } from '../../../lib/format';
import { amountValidator, quickAmounts, wireLimits } from '../../../lib/money/amount';
import { moneyErrorText } from '../../../lib/money/errors';
import { AmountField } from '../../../lib/money/fields';
import { useIntentKey } from '../../../lib/money/intent-key';
import { useCashierTexts, useFundsTexts } from '../../../lib/money/texts';
import { useCreateDeposit } from '../api/create-deposit';
import type { DepositChannelView } from '../api/deposit-settings';
import styles from '../cashier.module.css';
import { Live, Note } from './messages';

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
  const { t: tc } = useTranslation();
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

  const form = useForm({
    initial: { amount: '' },
    validators: {
      amount: amountValidator(tf, limits, symbol),
    },
    onSubmit: async (values, f) => {
      if (busy) return;
      const request = { channelId: channel.id, amount: values.amount.trim() };
      try {
        const order = await mutation.mutateAsync({ ...request, idempotencyKey: intent.keyFor(request) });
        intent.complete();
        const url = safePayUrl(order.payUrl);
        if (!url) {
          f.setFailure(t('deposit.noPayUrl'));
          return;
        }
        setLeaving(true);
        leaveFor.go(url);
      } catch (error) {
        intent.failed(error);
        f.setFailure(moneyErrorText(tf, tc, error));
      }
    },
  });

  return (
    <form {...form.props} className={styles.form} data-form="deposit-gateway">
      <AmountField
        label={t('common.amount')}
        {...form.field('amount')}
        symbol={symbol}
        hint={t('common.limits', {
          min: formatWireMoney(channel.minAmount, symbol),
          max: formatWireMoney(channel.maxAmount, symbol),
        })}
        chips={quickAmounts(limits.min ?? null, limits.max ?? null)}
      />
      <FormFailure>{form.failure}</FormFailure>
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
