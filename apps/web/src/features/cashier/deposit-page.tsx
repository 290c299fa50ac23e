import { useId, useState } from 'react';
import { LoadFailure } from '../../lib/money/fields';
import { useCashierTexts } from '../../lib/money/texts';
import { useBrand } from '../../lib/site';
import { useDepositSettings } from './api/deposit-settings';
import styles from './cashier.module.css';
import { BankDepositForm } from './parts/bank-deposit-form';
import { ChannelPicker, ChannelTutorial } from './parts/channel-picker';
import { DepositOrders } from './parts/deposit-orders';
import { GatewayDepositForm } from './parts/gateway-deposit-form';
import { Loading, Note } from './parts/messages';
import { ReturnedOrder } from './parts/returned-order';

/**
 * Member centre `depositv2` (issue 4 Cashier → Deposit): the merchant's channels with their
 * limits and tutorial, a gateway payment or a manual bank transfer, and the recent deposits.
 * `orderNo` is the order the payment gateway returned with.
 */
export default function DepositPage({ orderNo }: { orderNo?: string | undefined }) {
  const { t } = useCashierTexts();
  const headingId = useId();
  const settings = useDepositSettings();
  const brandSymbol = useBrand().currencySymbol;
  const data = settings.data;
  const symbol = data?.currencySymbol || brandSymbol;
  return (
    <div className={styles.page} data-cashier-page="depositv2">
      {orderNo ? <ReturnedOrder orderNo={orderNo} symbol={symbol} /> : null}
      <section aria-labelledby={headingId} className={styles.card}>
        <div className={styles.cardHead}>
          <h3 id={headingId}>{t('deposit.title')}</h3>
        </div>
        {settings.isPending ? (
          <Loading />
        ) : !data ? (
          <LoadFailure
            error={settings.error}
            onRetry={() => void settings.refetch()}
            busy={settings.isFetching}
          />
        ) : !data.allowDeposit ? (
          <Note tone="warning" title={t('deposit.closedTitle')} data="deposit-closed">
            <p>{data.allowDepositMessage || t('deposit.closed')}</p>
          </Note>
        ) : data.channels.length === 0 ? (
          <Note tone="warning" title={t('deposit.noChannels')} data="no-channels" />
        ) : (
          <DepositChannels settings={data} symbol={symbol} />
        )}
      </section>
      <DepositOrders symbol={symbol} />
    </div>
  );
}

function DepositChannels({
  settings,
  symbol,
}: {
  settings: NonNullable<ReturnType<typeof useDepositSettings>['data']>;
  symbol: string;
}) {
  const { t } = useCashierTexts();
  const [channelId, setChannelId] = useState(settings.channels[0]?.id ?? '');
  const channel = settings.channels.find((c) => c.id === channelId) ?? settings.channels[0];
  if (!channel) return null;
  return (
    <>
      {settings.inProgressCashInCount > 0 ? (
        <Note tone="info" data="in-progress">
          <p>{t('deposit.inProgress', { count: settings.inProgressCashInCount })}</p>
        </Note>
      ) : null}
      <ChannelPicker
        channels={settings.channels}
        value={channel.id}
        onChange={setChannelId}
        symbol={symbol}
      />
      <div className={styles.split} data-channel-type={channel.type}>
        {/* Keyed by channel: switching starts a new intent with its own limits and key. */}
        {channel.type === 'BANK' ? (
          <BankDepositForm key={channel.id} channel={channel} symbol={symbol} />
        ) : (
          <GatewayDepositForm key={channel.id} channel={channel} symbol={symbol} />
        )}
        <ChannelTutorial channel={channel} />
      </div>
    </>
  );
}
