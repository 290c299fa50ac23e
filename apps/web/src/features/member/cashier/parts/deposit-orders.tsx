import { useId, useState } from 'react';
import { Button, EmptyState, Icon } from '../../../../components/ui';
import { useCashierTexts } from '../../../../lib/cashier/texts';
import { formatDateTime, formatWireMoney } from '../../../../lib/format';
import { type DepositOrderView, useDepositOrders } from '../api/deposit-orders';
import styles from '../cashier.module.css';
import { safePayUrl } from './gateway-deposit-form';
import { LoadFailure, Loading } from './messages';
import { Pager } from './pager';
import { DepositStatusBadge } from './status-badge';

function DepositRow({ order, symbol, now }: { order: DepositOrderView; symbol: string; now: number }) {
  const { t } = useCashierTexts();
  const payUrl =
    order.type === 'GATEWAY' && order.status === 'PENDING' && (order.expiresAt ?? 0) > now
      ? safePayUrl(order.payUrl)
      : null;
  return (
    <li className={styles.order} data-order={order.orderNo} data-status={order.status}>
      <div className={styles.orderMain}>
        <span className={styles.orderTitle}>{order.channelName}</span>
        <span className={styles.orderMeta}>
          <time dateTime={new Date(order.createdAt).toISOString()}>{formatDateTime(order.createdAt)}</time>
          <span>{t('common.orderNo', { orderNo: order.orderNo })}</span>
          {order.reference ? (
            <span>{t('deposit.referenceShown', { reference: order.reference })}</span>
          ) : null}
        </span>
        {order.remark ? <span className={styles.orderRemark}>{order.remark}</span> : null}
      </div>
      <div className={styles.orderSide}>
        <span className={`${styles.orderAmount} tabular`}>{formatWireMoney(order.amount, symbol)}</span>
        <DepositStatusBadge status={order.status} />
        {payUrl ? (
          <a className={styles.inlineLink} href={payUrl} data-action="continue-payment">
            {t('deposit.continuePayment')}
          </a>
        ) : null}
      </div>
    </li>
  );
}

/** The member's recent deposits with their status, newest first, a page at a time. */
export function DepositOrders({ symbol }: { symbol: string }) {
  const { t } = useCashierTexts();
  const headingId = useId();
  const [page, setPage] = useState(1);
  const orders = useDepositOrders(page);
  const data = orders.data;
  const now = Date.now();
  return (
    <section aria-labelledby={headingId} className={styles.card} data-list="deposit-orders">
      <div className={styles.cardHead}>
        <h3 id={headingId}>{t('deposit.recent')}</h3>
        <Button
          variant="ghost"
          size="sm"
          iconOnly
          aria-label={t('common.refresh')}
          busy={orders.isFetching}
          onClick={() => void orders.refetch()}
        >
          <Icon name="refresh" size={16} />
        </Button>
      </div>
      {orders.isPending ? (
        <Loading />
      ) : orders.isError && !data ? (
        <LoadFailure error={orders.error} onRetry={() => void orders.refetch()} busy={orders.isFetching} />
      ) : data && data.content.length > 0 ? (
        <>
          <ul className={styles.orders}>
            {data.content.map((order) => (
              <DepositRow key={order.orderNo} order={order} symbol={symbol} now={now} />
            ))}
          </ul>
          <Pager
            page={data.pageNum}
            totalPages={data.totalPages}
            onChange={setPage}
            label={t('deposit.recentPages')}
            busy={orders.isFetching}
          />
        </>
      ) : (
        <EmptyState title={t('deposit.noOrders')} text={t('deposit.noOrdersText')} headingLevel={3} />
      )}
    </section>
  );
}
