import { type ReactNode, useId, useState } from 'react';
import { EmptyState, Spinner } from '../../components/ui';
import { mainBalanceText, useWalletBalance } from '../../lib/money/balance';
import { LoadFailure, Notice, PaymentPasswordPrompt } from '../../lib/money/fields';
import { GuardedTransferForm } from '../../lib/money/guarded-transfer-form';
import shared from '../../lib/money/money.module.css';
import { type ReceiptValue, TransferReceipt } from '../../lib/money/receipt';
import { Recipient, TransferParties } from '../../lib/money/recipient';
import { useFundsTexts } from '../../lib/money/texts';
import { useBrand, useFeature } from '../../lib/site';
import { useUplineInfo, useUplineTransfer } from './api/upline';

interface Props {
  /** Opens another member-centre page (the security centre, to set the payment password). */
  goTo?: (page: 'securityCenter') => void;
}

/**
 * `transferUpline` (spec §2 Member centre; issue: "a member sends money to its upline"): who the
 * upline is, or that there is none; the merchant's limits; amount and payment password; then a
 * receipt.
 */
export default function TransferUplinePage({ goTo }: Props) {
  const { t } = useFundsTexts();
  const enabled = useFeature('MEMTRANS3');
  if (!enabled) {
    return (
      <div className={shared.page} data-funds-page="transferUpline">
        <Notice>{t('upline.off')}</Notice>
      </div>
    );
  }
  return <UplineTransfer goTo={goTo} />;
}

function UplineTransfer({ goTo }: Props) {
  const { t } = useFundsTexts();
  const brand = useBrand();
  const titleId = useId();
  const info = useUplineInfo();
  const balance = useWalletBalance();
  const transfer = useUplineTransfer();
  const [receipt, setReceipt] = useState<ReceiptValue | null>(null);

  if (info.isError) return <LoadFailure error={info.error} onRetry={() => void info.refetch()} />;
  if (!info.data) return <Spinner label={t('upline.loading')} />;
  const { upline, minimumAmount, maximumAmount, hasPaymentPassword } = info.data;
  const symbol = balance.data?.currencySymbol || brand.currencySymbol;
  const available = mainBalanceText(balance.data);

  let body: ReactNode;
  if (!upline) {
    body = (
      <EmptyState icon="user" headingLevel={3} title={t('upline.noneTitle')} text={t('upline.noneText')} />
    );
  } else if (!hasPaymentPassword) {
    body = <PaymentPasswordPrompt onSetUp={() => goTo?.('securityCenter')} />;
  } else if (receipt) {
    body = (
      <TransferReceipt
        receipt={receipt}
        symbol={symbol}
        recipient={<Recipient account={upline.account} nickname={upline.nickname} />}
        onAgain={() => setReceipt(null)}
      />
    );
  } else {
    body = (
      <section className={shared.section} aria-labelledby={titleId}>
        <h3 id={titleId}>{t('upline.title')}</h3>
        <p className={shared.lead}>{t('upline.lead')}</p>
        <GuardedTransferForm
          name="upline-transfer"
          symbol={symbol}
          available={available}
          minimum={minimumAmount}
          maximum={maximumAmount}
          submitLabel={t('upline.submit')}
          intent={upline.account}
          send={(request) => transfer.mutateAsync(request)}
          onDone={setReceipt}
        >
          <TransferParties
            to={upline}
            mark="upline"
            toLabel={t('upline.to')}
            fromLabel={t('upline.from')}
            available={available}
            symbol={symbol}
          />
        </GuardedTransferForm>
      </section>
    );
  }
  return (
    <div className={shared.page} data-funds-page="transferUpline">
      {body}
    </div>
  );
}
