/**
 * /play/baccarat — "Imperial Baccarat": chips on player, banker, tie and the pairs, then the
 * deal: the server's cards come out one by one in table order, totals follow each card, and the
 * outcome, the payouts, the balance and the bead road follow the last card.
 */

import { BACCARAT_BETS } from 'virtual:play-contract';
import type { BaccaratBet } from '@aurum/games';
import { useState } from 'react';
import type { PlayValue } from '../../api/play-api';
import { ActionButton } from '../../frame/controls';
import { GameFrame } from '../../frame/game-frame';
import { usePlay } from '../../frame/play-context';
import { useBet } from '../../frame/use-bet';
import { toWire, wireToMinor } from '../../lib/format';
import { pause } from '../../lib/motion';
import { chipValues } from '../../lib/stakes';
import { useTexts } from '../../texts';
import styles from './baccarat.module.css';
import type { Bead } from './bead-road';
import { BeadRoad } from './bead-road-view';
import { BetSpot } from './bet-spot';
import { ChipRack } from './chip-rack';
import { dealOrder, totalOf } from './deal';
import { Hand } from './hand';
import { payText } from './pays';
import { BaccaratRules } from './rules';

type Round = PlayValue<'baccaratDeal'>;
type Bets = Partial<Record<BaccaratBet, bigint>>;

/** Time between two cards leaving the shoe. */
const CARD_MS = 520;

export default function BaccaratPage() {
  const texts = useTexts();
  const { session, money, settle } = usePlay();
  const minMinor = wireToMinor(session.minStake);
  const maxMinor = wireToMinor(session.maxStake);
  const chips = chipValues(minMinor, maxMinor);
  const [chip, setChip] = useState(chips[0] ?? minMinor);
  /** The bets being built for the next hand; a new hand always starts from an empty table. */
  const [bets, setBets] = useState<Bets>({});
  /** The bets of the hand on the felt (in play or just settled), shown until the next hand. */
  const [staked, setStaked] = useState<Bets>({});
  /** The last hand's bets, which "Rebet" puts back on an empty table, once. */
  const [lastBets, setLastBets] = useState<Bets>({});
  const [round, setRound] = useState<Round | null>(null);
  const [revealed, setRevealed] = useState(0);
  const [finished, setFinished] = useState(false);
  const [beads, setBeads] = useState<Bead[]>([]);
  const { place, busy } = useBet('baccaratDeal');
  const dealing = round !== null && !finished;
  const sumOf = (b: Bets) => BACCARAT_BETS.reduce((sum, k) => sum + (b[k] ?? 0n), 0n);
  const total = sumOf(bets);
  const onFelt = round !== null || busy ? staked : bets;
  const canRebet = !busy && !dealing && total === 0n && sumOf(lastBets) > 0n;

  /** Clears the settled hand off the felt so the next one starts empty. */
  const clearHand = () => {
    setRound(null);
    setFinished(false);
    setStaked({});
  };

  const addChip = (bet: BaccaratBet) => {
    if (busy || dealing) return;
    if (finished) clearHand();
    setBets((b) => {
      const next = (b[bet] ?? 0n) + chip;
      return { ...b, [bet]: next > maxMinor ? maxMinor : next };
    });
  };

  const deal = async () => {
    const wire = Object.fromEntries(
      BACCARAT_BETS.filter((b) => (bets[b] ?? 0n) > 0n).map((b) => [b, toWire(bets[b] ?? 0n)]),
    );
    const placed = bets;
    setRound(null);
    setFinished(false);
    setRevealed(0);
    setStaked(placed);
    const result = await place({ bets: wire });
    if (!result) {
      setStaked({});
      return;
    }
    setBets({});
    setLastBets(placed);
    setRound(result);
    const steps = dealOrder(result.player, result.banker);
    for (let i = 1; i <= steps.length; i++) {
      await pause(CARD_MS);
      setRevealed(i);
    }
    await pause(CARD_MS);
    setFinished(true);
    setBeads((list) => [
      ...list,
      { outcome: result.outcome, playerPair: result.playerPair, bankerPair: result.bankerPair },
    ]);
    settle(
      {
        orderNo: result.orderNo,
        label: texts.baccarat.bets[result.outcome],
        stakeMinor: wireToMinor(result.stake),
        winMinor: wireToMinor(result.totalWin),
      },
      result.balance,
    );
  };

  const steps = round ? dealOrder(round.player, round.banker) : [];
  const shownCards = (side: 'player' | 'banker') =>
    round
      ? steps
          .slice(0, revealed)
          .filter((s) => s.side === side)
          .map((s) => round[side][s.index])
          .filter((c) => c !== undefined)
      : [];
  const player = shownCards('player');
  const banker = shownCards('banker');
  const payoutOf = (bet: BaccaratBet) =>
    finished && round ? round.bets.find((b) => b.bet === bet) : undefined;

  return (
    <GameFrame title={session.game.name} info={{ label: texts.baccarat.rules, content: <BaccaratRules /> }}>
      <div className={styles.layout}>
        <section className={styles.table} aria-label={texts.baccarat.title}>
          <div className={styles.hands}>
            <Hand
              side="player"
              cards={player}
              total={player.length ? totalOf(player) : null}
              winner={finished && round?.outcome === 'player'}
            />
            <Hand
              side="banker"
              cards={banker}
              total={banker.length ? totalOf(banker) : null}
              winner={finished && round?.outcome === 'banker'}
            />
          </div>
          <div className={styles.outcomeRow} aria-live="polite">
            {finished && round ? (
              <p className={styles.outcome} data-outcome={round.outcome}>
                <strong>{texts.baccarat.outcome[round.outcome]}</strong>
                <span className="tabular">
                  {texts.baccarat.outcomeScore(round.playerTotal, round.bankerTotal)}
                </span>
                {wireToMinor(round.totalWin) > 0n ? (
                  <span className={styles.outcomeWin}>
                    {texts.baccarat.paid(money(wireToMinor(round.totalWin)))}
                  </span>
                ) : null}
              </p>
            ) : (
              <p className={styles.prompt}>
                {dealing || busy ? texts.baccarat.dealing : texts.baccarat.placeBet}
              </p>
            )}
          </div>
          <div className={styles.spots}>
            {BACCARAT_BETS.map((bet) => (
              <BetSpot
                key={bet}
                bet={bet}
                pays={payText(bet)}
                stakeMinor={onFelt[bet] ?? 0n}
                result={payoutOf(bet)}
                pairHit={
                  finished && round
                    ? bet === 'playerPair'
                      ? round.playerPair
                      : bet === 'bankerPair'
                        ? round.bankerPair
                        : false
                    : false
                }
                winner={finished && round?.outcome === bet}
                disabled={busy || dealing}
                onPlace={() => addChip(bet)}
              />
            ))}
          </div>
        </section>
        <div className={styles.controls}>
          <ChipRack chips={chips} value={chip} onChange={setChip} disabled={busy || dealing} />
          <p className={styles.totalBet}>
            <span>{texts.baccarat.totalBet}</span>
            <strong className={`${styles.totalBetValue} tabular`}>{money(sumOf(onFelt))}</strong>
          </p>
          <div className={styles.buttons}>
            <button
              type="button"
              className={styles.secondary}
              disabled={busy || dealing || total === 0n}
              onClick={() => {
                setBets({});
                clearHand();
              }}
            >
              {texts.baccarat.clear}
            </button>
            <button
              type="button"
              className={styles.secondary}
              disabled={!canRebet}
              onClick={() => {
                clearHand();
                setBets(lastBets);
              }}
            >
              {texts.baccarat.rebet}
            </button>
            <ActionButton onClick={() => void deal()} disabled={busy || dealing || total === 0n} busy={busy}>
              {busy || dealing ? texts.baccarat.dealing : texts.baccarat.deal}
            </ActionButton>
          </div>
        </div>
        <BeadRoad beads={beads} />
      </div>
    </GameFrame>
  );
}
