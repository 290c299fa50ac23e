import { useState } from 'react';
import { formatDateTime, formatWireMoney } from '../../../lib/format';
import { useCashierTexts } from '../../../lib/money/texts';
import { type DepositOrderView, useDepositOrders } from '../api/deposit-orders';
import styles from '../cashier.module.css';
import { safePayUrl } from './gateway-deposit-form';
import { OrderList } from './order-list';
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
  const [page, setPage] = useState(1);
  const orders = useDepositOrders(page);
  const now = Date.now();
  return (
    <OrderList
      list="deposit-orders"
      title={t('deposit.recent')}
      pagesLabel={t('deposit.recentPages')}
      emptyTitle={t('deposit.noOrders')}
      emptyText={t('deposit.noOrdersText')}
      orders={orders}
      onPage={setPage}
      row={(order) => <DepositRow key={order.orderNo} order={order} symbol={symbol} now={now} />}
    />
  );
}
