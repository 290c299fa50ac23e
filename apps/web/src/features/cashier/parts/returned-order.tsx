import { useId } from 'react';
import { formatWireMoney } from '../../../lib/format';
import { LoadFailure } from '../../../lib/money/fields';
import { useCashierTexts } from '../../../lib/money/texts';
import { useDepositOrder } from '../api/deposit-order';
import styles from '../cashier.module.css';
import { Live, Loading, Note } from './messages';
import { DepositStatusBadge } from './status-badge';

const TONE = { PENDING: 'info', PAID: 'success', EXPIRED: 'warning', REJECTED: 'warning' } as const;

/**
 * Back from the payment gateway: the order's status, read again every few seconds while the
 * gateway's confirmation is on its way; the change is announced.
 */
export function ReturnedOrder({ orderNo, symbol }: { orderNo: string; symbol: string }) {
  const { t } = useCashierTexts();
  const headingId = useId();
  const order = useDepositOrder(orderNo);
  const data = order.data;
  return (
    <section
      aria-labelledby={headingId}
      className={`${styles.card} ${styles.returned}`}
      data-returned-order={orderNo}
      data-status={data?.status}
    >
      <div className={styles.cardHead}>
        <h3 id={headingId}>{t('deposit.returned.title')}</h3>
        {data ? <DepositStatusBadge status={data.status} /> : null}
      </div>
      {order.isPending ? <Loading /> : null}
      {order.isError && !data ? (
        <LoadFailure error={order.error} onRetry={() => void order.refetch()} busy={order.isFetching} />
      ) : null}
      <Live>
        {data ? (
          <Note tone={TONE[data.status]} title={t(`deposit.returned.${data.status}`)}>
            <p>
              {t('deposit.returned.summary', {
                amount: formatWireMoney(data.amount, symbol),
                channel: data.channelName,
                orderNo: data.orderNo,
              })}
            </p>
            {data.remark ? <p>{data.remark}</p> : null}
          </Note>
        ) : null}
      </Live>
    </section>
  );
}
