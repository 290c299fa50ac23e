/** One side's cards and running total; the winning hand is lit. */
import { useTexts } from '../../texts';
import styles from './baccarat.module.css';
import type { WireCard } from './deal';
import { PlayingCard } from './playing-card';

export function Hand(props: {
  side: 'player' | 'banker';
  cards: readonly WireCard[];
  total: number | null;
  winner: boolean;
}) {
  const texts = useTexts();
  return (
    <div className={styles.hand} data-side={props.side} data-winner={props.winner || undefined}>
      <div className={styles.handHead}>
        <h2>{texts.baccarat.hand[props.side]}</h2>
        <span className={`${styles.handTotal} tabular`} data-baccarat={`${props.side}-total`}>
          {props.total === null ? '' : props.total}
        </span>
      </div>
      <div className={styles.cards}>
        {props.cards.map((c, i) => (
          <PlayingCard
            // biome-ignore lint/suspicious/noArrayIndexKey: a card's place in the hand is its identity.
            key={`${i}:${c.rank}${c.suit}`}
            rank={c.rank}
            suit={c.suit}
            sideways={i === 2}
            order={i}
          />
        ))}
      </div>
    </div>
  );
}
