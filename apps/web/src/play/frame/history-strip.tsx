/** The session's last rounds, newest first: what each came to and its net result. */
import { useTexts } from '../texts';
import styles from './frame.module.css';
import { usePlay } from './play-context';

export function HistoryStrip() {
  const texts = useTexts();
  const { history, money } = usePlay();
  return (
    <section className={styles.history} aria-labelledby="play-history-title">
      <h2 id="play-history-title" className={styles.historyTitle}>
        {texts.frame.history}
      </h2>
      {history.length === 0 ? (
        <p className={styles.historyEmpty}>{texts.frame.historyEmpty}</p>
      ) : (
        <ol className={styles.historyList}>
          {history.map((entry) => {
            const net = entry.winMinor - entry.stakeMinor;
            const tone = net > 0n ? 'win' : net < 0n ? 'loss' : 'push';
            return (
              <li key={entry.orderNo} className={styles.historyItem} data-tone={tone} title={entry.orderNo}>
                <span className={styles.historyLabel}>{entry.label}</span>
                <span className="tabular">{net > 0n ? `+${money(net)}` : money(net)}</span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
