import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useModal } from '../../components/ui';
import { useSessionToken } from '../session/session-store';

/** The payment gateway sends the payer back to `/?deposit=<orderNo>`. */
export const DEPOSIT_RETURN_PARAM = 'deposit';
const ORDER_NO = /^[A-Za-z0-9_-]{1,40}$/;

/**
 * Back from the payment gateway: reopens the member centre at the deposit page showing that
 * order's status, then takes the parameter out of the address. A visitor whose session ended
 * meanwhile keeps the parameter until signing in again.
 */
export function useDepositReturn(): void {
  const [params, setParams] = useSearchParams();
  const token = useSessionToken();
  const modal = useModal();
  const orderNo = params.get(DEPOSIT_RETURN_PARAM);
  useEffect(() => {
    if (orderNo === null || (token === null && ORDER_NO.test(orderNo))) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(DEPOSIT_RETURN_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
    if (ORDER_NO.test(orderNo)) modal.open('memberCenter', { page: 'depositv2', orderNo });
  }, [orderNo, token, modal, setParams]);
}

/** useDepositReturn as an element, for the root inside the modal stack. */
export function DepositReturn(): null {
  useDepositReturn();
  return null;
}
