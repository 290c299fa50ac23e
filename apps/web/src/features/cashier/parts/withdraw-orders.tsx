import { useState } from 'react';
import { Button, Icon } from '../../../components/ui';
import { formatDateTime, formatWireMoney } from '../../../lib/format';
import { GLYPHS } from '../../../lib/money/glyphs';
import { useCashierTexts } from '../../../lib/money/texts';
import { useWithdrawOrders, type WithdrawOrderView } from '../api/withdraw-orders';
import styles from '../cashier.module.css';
import { AccountLabel } from './account-label';
import { OrderList } from './order-list';
import { WithdrawStatusBadge } from './status-badge';
import { ConfirmByHint, type ConfirmKind, ConfirmWithdrawalDialog } from './withdraw-confirm-dialogs';

/** Statuses after which the member reported what arrived (received and remaining shown). */
const REPORTED = new Set<WithdrawOrderView['status']>(['NOT_RECEIVED', 'MARGIN_RETURNED', 'FORCED_RECEIVED']);

function WithdrawRow({
  order,
  symbol,
  onConfirm,
}: {
  order: WithdrawOrderView;
  symbol: string;
  onConfirm: (order: WithdrawOrderView, kind: ConfirmKind) => void;
}) {
  const { t } = useCashierTexts();
  return (
    <li className={styles.order} data-order={order.orderNo} data-status={order.status}>
      <div className={styles.orderMain}>
        <AccountLabel account={order.account} />
        <span className={styles.orderMeta}>
          <time dateTime={new Date(order.createdAt).toISOString()}>{formatDateTime(order.createdAt)}</time>
          <span>{t('common.orderNo', { orderNo: order.orderNo })}</span>
        </span>
        {REPORTED.has(order.status) && order.receivedAmount !== null ? (
          <span className={styles.orderMeta}>
            <span>
              {t('confirm.receivedShown', { amount: formatWireMoney(order.receivedAmount, symbol) })}
            </span>
            {order.remainingAmount !== null ? (
              <span>
                {t('confirm.remainingShown', { amount: formatWireMoney(order.remainingAmount, symbol) })}
              </span>
            ) : null}
          </span>
        ) : null}
        {order.remark ? <span className={styles.orderRemark}>{order.remark}</span> : null}
      </div>
      <div className={styles.orderSide}>
        <span className={`${styles.orderAmount} tabular`}>{formatWireMoney(order.amount, symbol)}</span>
        <WithdrawStatusBadge status={order.status} />
      </div>
      {order.status === 'PAID' ? (
        <div className={styles.confirmBox} data-confirm={order.orderNo}>
          <p className={styles.confirmText}>
            <Icon path={GLYPHS.clock} size={16} />
            {t('confirm.question')}
          </p>
          <ConfirmByHint confirmBy={order.confirmBy} />
          <div className={styles.actions}>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => onConfirm(order, 'notReceived')}
              data-action="not-received"
            >
              {t('confirm.notReceived')}
            </Button>
            <Button size="sm" onClick={() => onConfirm(order, 'received')} data-action="all-received">
              {t('confirm.allReceived')}
            </Button>
          </div>
        </div>
      ) : null}
    </li>
  );
}

/** The member's withdrawals with their status, and the confirmation of paid ones. */
export function WithdrawOrders({ symbol }: { symbol: string }) {
  const { t } = useCashierTexts();
  const [page, setPage] = useState(1);
  const [confirming, setConfirming] = useState<{ order: WithdrawOrderView; kind: ConfirmKind } | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const orders = useWithdrawOrders(page);
  return (
    <OrderList
      list="withdraw-orders"
      title={t('withdraw.recent')}
      pagesLabel={t('withdraw.recentPages')}
      emptyTitle={t('withdraw.noOrders')}
      emptyText={t('withdraw.noOrdersText')}
      orders={orders}
      onPage={setPage}
      row={(order) => (
        <WithdrawRow
          key={order.orderNo}
          order={order}
          symbol={symbol}
          onConfirm={(o, kind) => {
            setConfirming({ order: o, kind });
            setDialogOpen(true);
          }}
        />
      )}
    >
      <ConfirmWithdrawalDialog
        key={confirming ? `${confirming.order.orderNo}-${confirming.kind}` : 'none'}
        open={dialogOpen}
        order={confirming?.order ?? null}
        kind={confirming?.kind ?? 'received'}
        symbol={symbol}
        onClose={() => setDialogOpen(false)}
      />
    </OrderList>
  );
}
