import { Money } from './money';
import styles from './money.module.css';

/** Who receives a transfer: an initial badge, the account and, when set, the nickname. */
export function Recipient({ account, nickname }: { account: string; nickname: string | null }) {
  return (
    <span className={styles.recipient}>
      <span className={styles.avatar} aria-hidden="true">
        {account.slice(0, 1).toUpperCase()}
      </span>
      <span className={styles.names}>
        <span className={styles.recipientAccount}>{account}</span>
        {nickname ? <span className={styles.nickname}>{nickname}</span> : null}
      </span>
    </span>
  );
}

interface TransferPartiesProps {
  /** Who receives: marked on its box with `data-<mark>` (the journeys find it by that). */
  to: { account: string; nickname: string | null };
  mark: 'upline' | 'downline';
  toLabel: string;
  fromLabel: string;
  /** The paying (main) wallet's balance, a wire decimal; null while it is unknown. */
  available: string | null;
  symbol: string;
}

/** The two sides of a member-to-member transfer above its form: to whom, and from what balance. */
export function TransferParties({ to, mark, toLabel, fromLabel, available, symbol }: TransferPartiesProps) {
  return (
    <div className={styles.parties}>
      <div className={styles.party} {...{ [`data-${mark}`]: to.account }}>
        <span className={styles.partyLabel}>{toLabel}</span>
        <Recipient account={to.account} nickname={to.nickname} />
      </div>
      <div className={styles.party}>
        <span className={styles.partyLabel}>{fromLabel}</span>
        {available !== null ? (
          <Money value={available} symbol={symbol} className={styles.partyValue} />
        ) : (
          <span className={styles.partyValue}>—</span>
        )}
      </div>
    </div>
  );
}
