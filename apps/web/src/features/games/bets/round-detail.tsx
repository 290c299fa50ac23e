import { cx } from '../../../components/ui';
import { formatWireMoney } from '../../../lib/format/money';
import { useGamesTexts } from '../../../lib/games/texts';
import styles from './bets.module.css';
import {
  type BaccaratDetail,
  type DiceDetail,
  diceText,
  multiplierText,
  type PlinkoDetail,
  type RoundDetail,
  rankText,
  type SlotSpin,
  SUIT_GLYPHS,
} from './model/round-detail';

/** The slot's symbols with a name in the catalogue; any other id shows as it is. */
const SYMBOLS = [
  'WILD',
  'SCATTER',
  'DRAGON',
  'PHOENIX',
  'TIGER',
  'KOI',
  'LANTERN',
  'A',
  'K',
  'Q',
  'J',
  'TEN',
] as const;
type SymbolId = (typeof SYMBOLS)[number];
const isKnownSymbol = (s: string): s is SymbolId => (SYMBOLS as readonly string[]).includes(s);

/** What was dealt, spun, rolled or dropped in a round, readably, per engine. */
export function RoundDetailView({ detail, symbol }: { detail: RoundDetail; symbol: string }) {
  switch (detail.engine) {
    case 'slot':
      return 'compact' in detail ? (
        <p data-detail="slot-compact">
          <CompactSlot {...detail.compact} symbol={symbol} />
        </p>
      ) : (
        <SlotDetail spins={detail.spins} symbol={symbol} />
      );
    case 'baccarat':
      return <BaccaratView round={detail.round} symbol={symbol} />;
    case 'dice':
      return <DiceView round={detail.round} />;
    case 'plinko':
      return <PlinkoView round={detail.round} />;
  }
}

/** A round too long to list spin by spin: how many free spins it played and what it paid. */
function CompactSlot({
  freeSpins,
  totalWin,
  symbol,
}: {
  freeSpins: number;
  totalWin: string;
  symbol: string;
}) {
  const { t } = useGamesTexts();
  return <>{t('recall.compact', { count: freeSpins, amount: formatWireMoney(totalWin, symbol) })}</>;
}

function useSymbolName() {
  const { t } = useGamesTexts();
  return (id: string) => (isKnownSymbol(id) ? t(`symbols.${id}`) : id);
}

/** Every spin of the round (base and free): the 5×3 window with its winning cells, then its wins. */
function SlotDetail({ spins, symbol }: { spins: SlotSpin[]; symbol: string }) {
  const { t } = useGamesTexts();
  const symbolName = useSymbolName();
  let free = 0;
  return (
    <div className={styles.spins} data-detail="slot">
      {spins.map((spin, index) => {
        if (spin.free) free++;
        const title = spin.free ? t('recall.freeSpin', { n: free }) : t('recall.spin', { n: index + 1 });
        const winning = new Set(
          spin.lineWins.flatMap((w) => w.positions.map(([reel, row]) => `${reel}:${row}`)),
        );
        const rows = Math.max(0, ...spin.window.map((reel) => reel.length));
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the spins of a round, in the order played.
          <section key={index} className={styles.spin} data-spin={index}>
            <h4>
              {title}
              {spin.multiplier > 1 ? <span className={styles.tag}>{`×${spin.multiplier}`}</span> : null}
            </h4>
            <table className={styles.reels}>
              <caption className="visually-hidden">{t('recall.window', { spin: title })}</caption>
              <tbody>
                {Array.from({ length: rows }, (_, row) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows of a fixed window, in order.
                  <tr key={row}>
                    {spin.window.map((reel, r) => {
                      const hit = winning.has(`${r}:${row}`);
                      return (
                        <td
                          // biome-ignore lint/suspicious/noArrayIndexKey: reels of a fixed window, in order.
                          key={r}
                          className={cx(styles.cell, hit && styles.hit)}
                          data-symbol={reel[row]}
                          data-hit={hit || undefined}
                        >
                          {symbolName(reel[row] ?? '')}
                          {hit ? (
                            <span className="visually-hidden">{` (${t('recall.winning')})`}</span>
                          ) : null}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
            <ul className={styles.wins}>
              {spin.lineWins.map((w) => (
                <li key={w.line} data-line={w.line}>
                  {t('recall.lineWin', {
                    line: w.line,
                    n: w.count,
                    symbol: symbolName(w.symbol),
                    amount: formatWireMoney(w.win, symbol),
                  })}
                </li>
              ))}
              {/^0+(\.0+)?$/.test(spin.scatterWin) ? null : (
                <li>{t('recall.scatterWin', { amount: formatWireMoney(spin.scatterWin, symbol) })}</li>
              )}
              {spin.freeSpinsAwarded > 0 ? (
                <li>{t('recall.freeSpinsAwarded', { count: spin.freeSpinsAwarded })}</li>
              ) : null}
              <li className={styles.spinWin}>
                {t('recall.spinWin', { amount: formatWireMoney(spin.win, symbol) })}
              </li>
            </ul>
          </section>
        );
      })}
    </div>
  );
}

function Hand({ label, cards, total }: { label: string; cards: BaccaratDetail['player']; total: number }) {
  const { t } = useGamesTexts();
  return (
    <div className={styles.hand} data-hand={label}>
      <h4>{t('recall.handTotal', { hand: label, total })}</h4>
      <ul className={styles.cards}>
        {cards.map((c, i) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: cards in the order dealt.
            key={i}
            className={cx(styles.card, (c.suit === 'H' || c.suit === 'D') && styles.red)}
            aria-label={t('recall.card', {
              rank: rankText(c.rank),
              suit: t(`suits.${c.suit}`),
            })}
          >
            <span aria-hidden="true">
              {rankText(c.rank)}
              {SUIT_GLYPHS[c.suit]}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Baccarat: both hands' cards and totals, the outcome and pairs, and each bet's payout. */
function BaccaratView({ round, symbol }: { round: BaccaratDetail; symbol: string }) {
  const { t } = useGamesTexts();
  return (
    <div className={styles.baccarat} data-detail="baccarat">
      <div className={styles.hands}>
        <Hand label={t('baccarat.player')} cards={round.player} total={round.playerTotal} />
        <Hand label={t('baccarat.banker')} cards={round.banker} total={round.bankerTotal} />
      </div>
      <p className={styles.outcome} data-outcome={round.outcome}>
        {t(`baccarat.outcome.${round.outcome}`)}
        {round.playerPair ? <span className={styles.tag}>{t('baccarat.playerPair')}</span> : null}
        {round.bankerPair ? <span className={styles.tag}>{t('baccarat.bankerPair')}</span> : null}
      </p>
      <table className={styles.mini}>
        <caption className="visually-hidden">{t('recall.bets')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('recall.bet')}</th>
            <th scope="col" className={styles.num}>
              {t('recall.stake')}
            </th>
            <th scope="col" className={styles.num}>
              {t('recall.payout')}
            </th>
          </tr>
        </thead>
        <tbody>
          {round.bets.map((b) => (
            <tr key={b.bet} data-bet={b.bet}>
              <td>{t(`baccarat.bets.${b.bet}`)}</td>
              <td className={styles.num}>{formatWireMoney(b.stake, symbol)}</td>
              <td className={styles.num}>{formatWireMoney(b.payout, symbol)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Dice: the roll, the target and its direction, the multiplier and the result. */
function DiceView({ round }: { round: DiceDetail }) {
  const { t } = useGamesTexts();
  return (
    <dl className={styles.facts} data-detail="dice">
      <div>
        <dt>{t('dice.roll')}</dt>
        <dd className={styles.big}>{diceText(round.roll)}</dd>
      </div>
      <div>
        <dt>{t('dice.target')}</dt>
        <dd>{t(`dice.${round.direction}`, { target: diceText(round.target) })}</dd>
      </div>
      <div>
        <dt>{t('dice.multiplier')}</dt>
        <dd>{multiplierText(round.multiplier)}</dd>
      </div>
      <div>
        <dt>{t('dice.result')}</dt>
        <dd className={round.win ? styles.positive : styles.negative}>
          {t(round.win ? 'dice.won' : 'dice.lost')}
        </dd>
      </div>
    </dl>
  );
}

/** Plinko: rows and risk, the ball's path left and right, the bucket it fell in and its multiplier. */
function PlinkoView({ round }: { round: PlinkoDetail }) {
  const { t } = useGamesTexts();
  return (
    <div className={styles.plinko} data-detail="plinko">
      <dl className={styles.facts}>
        <div>
          <dt>{t('plinko.rows')}</dt>
          <dd>{round.rows}</dd>
        </div>
        <div>
          <dt>{t('plinko.risk')}</dt>
          <dd>{t(`plinko.risks.${round.risk}`)}</dd>
        </div>
        <div>
          <dt>{t('plinko.bucket')}</dt>
          <dd>{t('plinko.bucketOf', { bucket: round.bucket + 1, buckets: round.rows + 1 })}</dd>
        </div>
        <div>
          <dt>{t('plinko.multiplier')}</dt>
          <dd className={styles.big}>{multiplierText(round.multiplier)}</dd>
        </div>
      </dl>
      <p className={styles.pathLabel}>{t('plinko.path')}</p>
      <ol className={styles.path} aria-label={t('plinko.path')}>
        {round.path.map((step, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: one step per row, in order.
          <li key={i} className={styles.step} data-step={step === 1 ? 'R' : 'L'}>
            <span aria-hidden="true">{step === 1 ? '↘' : '↙'}</span>
            <span className="visually-hidden">{t(step === 1 ? 'plinko.right' : 'plinko.left')}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
