import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiCall } from '../../../lib/api';
import { useSessionToken } from '../../../lib/session/session-store';
import type { DepositOrderView } from './deposit-orders';
import { depositKey, refreshMoney } from './keys';

export const depositOrderKey = [...depositKey, 'order'] as const;

/**
 * While a returned gateway order is still pending, its status is read again this often: the
 * gateway's webhook usually lands within seconds of the payer's return.
 */
export const ORDER_POLL_MS = 3_000;
/** …for at most this long; the list and a manual refresh take over after. */
export const ORDER_POLL_LIMIT_MS = 5 * 60_000;

/** GET /wps/cashier/deposit/order: one of the member's own deposits. */
export const getDepositOrder = (orderNo: string) => apiCall('depositOrder', { query: { orderNo } });

export function useDepositOrder(orderNo: string) {
  const token = useSessionToken();
  const client = useQueryClient();
  const startedAt = useRef(Date.now());
  const query = useQuery({
    queryKey: [...depositOrderKey, orderNo, token],
    queryFn: () => getDepositOrder(orderNo),
    enabled: token !== null,
    refetchInterval: (q) =>
      q.state.data?.status === 'PENDING' && Date.now() - startedAt.current < ORDER_POLL_LIMIT_MS
        ? ORDER_POLL_MS
        : false,
  });
  // Once the order settles, the balances and the order list are read again.
  const status: DepositOrderView['status'] | undefined = query.data?.status;
  const seen = useRef(status);
  useEffect(() => {
    const before = seen.current;
    seen.current = status;
    if (before === 'PENDING' && status && status !== 'PENDING') void refreshMoney(client);
  }, [status, client]);
  return query;
}
