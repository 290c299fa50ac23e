/**
 * A playing card as SVG (suits drawn as shapes, so no font is needed), dealt face down from
 * the shoe and turned over. A third card lies sideways, as at a real baccarat table.
 */
import { useTexts } from '../../texts';
import styles from './baccarat.module.css';

export type Suit = 'S' | 'H' | 'D' | 'C';

const SUIT_PATHS: Record<Suit, string> = {
  H: 'M10 18 C2 12 0 8 2 5 C4 1.5 8.5 2 10 6 C11.5 2 16 1.5 18 5 C20 8 18 12 10 18 Z',
  D: 'M10 1 L17.5 10 L10 19 L2.5 10 Z',
  S: 'M10 1 C4 7 1.5 10 2 13 C2.6 16 6.5 16.4 9 14 L8 19 H12 L11 14 C13.5 16.4 17.4 16 18 13 C18.5 10 16 7 10 1 Z',
  C: 'M10 2 A4.2 4.2 0 0 1 13.6 8.4 A4.2 4.2 0 1 1 11 14 L12 19 H8 L9 14 A4.2 4.2 0 1 1 6.4 8.4 A4.2 4.2 0 0 1 10 2 Z',
};

const RANK_LABELS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];

const isRed = (suit: Suit) => suit === 'H' || suit === 'D';

function SuitShape({ suit, x, y, size }: { suit: Suit; x: number; y: number; size: number }) {
  return <path d={SUIT_PATHS[suit]} transform={`translate(${x} ${y}) scale(${size / 20})`} />;
}

export function PlayingCard(props: { rank: number; suit: Suit; sideways?: boolean; order: number }) {
  const texts = useTexts();
  const rank = RANK_LABELS[props.rank - 1] ?? '?';
  const name = texts.baccarat.card(
    texts.baccarat.ranks[props.rank - 1] ?? rank,
    texts.baccarat.suits[props.suit],
  );
  return (
    <div
      className={styles.cardSlot}
      data-sideways={props.sideways || undefined}
      style={{ zIndex: props.order }}
    >
      <div className={styles.card} role="img" aria-label={name}>
        <svg
          className={styles.cardFace}
          viewBox="0 0 60 84"
          aria-hidden="true"
          data-red={isRed(props.suit) || undefined}
        >
          <rect x="0.75" y="0.75" width="58.5" height="82.5" rx="5" className={styles.cardPaper} />
          <text x="5" y="15" className={styles.cardRank}>
            {rank}
          </text>
          <SuitShape suit={props.suit} x={5} y={18} size={9} />
          <g transform="rotate(180 30 42)">
            <text x="5" y="15" className={styles.cardRank}>
              {rank}
            </text>
            <SuitShape suit={props.suit} x={5} y={18} size={9} />
          </g>
          <SuitShape suit={props.suit} x={16} y={28} size={28} />
        </svg>
        <svg className={styles.cardBack} viewBox="0 0 60 84" aria-hidden="true">
          <rect
            x="0.75"
            y="0.75"
            width="58.5"
            height="82.5"
            rx="5"
            fill="#7f1d1d"
            stroke="#f5c04a"
            strokeWidth="1.5"
          />
          <rect x="5" y="5" width="50" height="74" rx="3" fill="none" stroke="#f5c04a" strokeWidth="0.8" />
          <path
            d="M30 14 L44 42 L30 70 L16 42 Z M30 24 L39 42 L30 60 L21 42 Z"
            fill="#f5c04a"
            fillRule="evenodd"
            opacity="0.85"
          />
        </svg>
      </div>
    </div>
  );
}
