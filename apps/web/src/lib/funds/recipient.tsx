import styles from './funds.module.css';

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
