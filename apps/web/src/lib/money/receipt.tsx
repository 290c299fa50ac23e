import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Button, Icon } from '../../components/ui';
import { formatDateTime } from '../format/date';
import { Money } from './money';
import styles from './money.module.css';
import { useFundsTexts } from './texts';

export interface ReceiptValue {
  transferId: number;
  amount: string;
  createdAt: number;
  balanceAfter: string;
}

interface ReceiptProps {
  receipt: ReceiptValue;
  symbol: string;
  /** Who received the money (account and, when set, nickname). */
  recipient: ReactNode;
  onAgain: () => void;
}

/**
 * What a finished transfer shows: the amount, who got it, when, the reference and the balance
 * left. Focus moves to its heading so keyboard and screen-reader users land on the result.
 */
export function TransferReceipt({ receipt, symbol, recipient, onAgain }: ReceiptProps) {
  const { t } = useFundsTexts();
  const heading = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  useEffect(() => heading.current?.focus(), []);
  const rows: [string, ReactNode][] = [
    [t('receipt.recipient'), recipient],
    [t('receipt.time'), formatDateTime(receipt.createdAt)],
    [t('receipt.reference'), `#${receipt.transferId}`],
    [t('receipt.balanceAfter'), <Money key="after" value={receipt.balanceAfter} symbol={symbol} />],
  ];
  return (
    <section className={styles.receipt} aria-labelledby={titleId} data-receipt="true">
      <span className={styles.receiptBadge}>
        <Icon name="check" size={28} />
      </span>
      <h3 id={titleId} ref={heading} tabIndex={-1}>
        {t('receipt.title')}
      </h3>
      <p className={styles.receiptAmount}>
        <Money value={receipt.amount} symbol={symbol} />
      </p>
      <dl className={styles.details}>
        {rows.map(([label, value]) => (
          <div key={label} className={styles.detail}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <Button variant="secondary" onClick={onAgain} data-action="transfer-again">
        {t('receipt.again')}
      </Button>
    </section>
  );
}
