/** The balance, counting briefly to each new figure; the exact figure is what assistive tech reads. */
import { useCountUp } from '../lib/motion';
import { useTexts } from '../texts';
import styles from './frame.module.css';
import { usePlay } from './play-context';

export function Balance() {
  const texts = useTexts();
  const { balanceMinor, money } = usePlay();
  const shown = useCountUp(balanceMinor);
  return (
    <div className={styles.balance} data-balance={money(balanceMinor)}>
      <span className={styles.balanceLabel}>{texts.frame.balance}</span>
      <span className={`${styles.balanceValue} tabular`} aria-hidden="true">
        {money(shown)}
      </span>
      <span className="visually-hidden">{money(balanceMinor)}</span>
    </div>
  );
}
