/**
 * Exact baccarat odds by enumerating the 8-deck shoe: card values 0–9 with 10, J, Q and K
 * merged into value 0 (128 cards) and 32 cards of each other value. The first four cards are
 * enumerated, then the third cards the rules in baccarat.ts call for, each weighted by the
 * cards left. Every sequence counts over the same denominator 416·415·…·411, so the sums are
 * exact integers.
 */
import {
  BACCARAT_DECKS,
  BACCARAT_PAYS,
  BACCARAT_SHOE_SIZE,
  type BaccaratOutcome,
  bankerDraws,
  outcomeOf,
  playerDraws,
} from './baccarat.ts';
import { type Ratio, ratio, sub } from './ratio.ts';

/** Probability of each outcome and house edge of each bet, as exact fractions. */
export interface BaccaratOdds {
  probability: Record<BaccaratOutcome, Ratio>;
  /** P(a hand's first two cards share a rank). */
  pairProbability: Ratio;
  /** Expected loss per unit staked; player and banker bets push on a tie. */
  edge: { player: Ratio; banker: Ratio; tie: Ratio; playerPair: Ratio; bankerPair: Ratio };
}

const CARDS_PER_RANK = BACCARAT_DECKS * 4;
const MAX_CARDS = 6;

/** Exact outcome probabilities and house edges of every bet. */
export function baccaratOdds(): BaccaratOdds {
  const left = [4 * CARDS_PER_RANK, ...Array<number>(9).fill(CARDS_PER_RANK)];
  const weight: Record<BaccaratOutcome, bigint> = { player: 0n, banker: 0n, tie: 0n };

  // Undealt positions of a 6-card sequence count every way they could be filled.
  const fill = (dealt: number) => {
    let w = 1n;
    for (let k = dealt; k < MAX_CARDS; k++) w *= BigInt(BACCARAT_SHOE_SIZE - k);
    return w;
  };
  const take = (value: number, visit: (w: bigint) => void, w: bigint) => {
    const count = left[value]!;
    if (count === 0) return;
    left[value] = count - 1;
    visit(w * BigInt(count));
    left[value] = count;
  };
  const settleHands = (player: number, banker: number, w: bigint, dealt: number) => {
    weight[outcomeOf(player, banker)] += w * fill(dealt);
  };
  const bankerTurn = (
    player: number,
    banker: number,
    playerThird: number | null,
    w: bigint,
    dealt: number,
  ) => {
    if (!bankerDraws(banker, playerThird)) return settleHands(player, banker, w, dealt);
    for (let b3 = 0; b3 < 10; b3++)
      take(b3, (w3) => settleHands(player, (banker + b3) % 10, w3, dealt + 1), w);
  };

  for (let p1 = 0; p1 < 10; p1++)
    take(
      p1,
      (w1) => {
        for (let b1 = 0; b1 < 10; b1++)
          take(
            b1,
            (w2) => {
              for (let p2 = 0; p2 < 10; p2++)
                take(
                  p2,
                  (w3) => {
                    for (let b2 = 0; b2 < 10; b2++)
                      take(
                        b2,
                        (w4) => {
                          const player = (p1 + p2) % 10;
                          const banker = (b1 + b2) % 10;
                          if (player >= 8 || banker >= 8) return settleHands(player, banker, w4, 4);
                          if (!playerDraws(player)) return bankerTurn(player, banker, null, w4, 4);
                          for (let p3 = 0; p3 < 10; p3++)
                            take(p3, (w5) => bankerTurn((player + p3) % 10, banker, p3, w5, 5), w4);
                        },
                        w3,
                      );
                  },
                  w2,
                );
            },
            w1,
          );
      },
      1n,
    );

  const total = fill(0);
  const probability = {
    player: ratio(weight.player, total),
    banker: ratio(weight.banker, total),
    tie: ratio(weight.tie, total),
  };
  const n = BigInt(BACCARAT_SHOE_SIZE);
  const perRank = BigInt(CARDS_PER_RANK);
  const pairProbability = ratio(13n * perRank * (perRank - 1n), n * (n - 1n));
  const one = ratio(1n);
  const edgeOf = (pays: { num: bigint; den: bigint }, win: Ratio, lose: Ratio): Ratio =>
    sub(lose, ratio(win.num * pays.num, win.den * pays.den));
  const pairLose = sub(one, pairProbability);
  return {
    probability,
    pairProbability,
    edge: {
      player: edgeOf(BACCARAT_PAYS.player, probability.player, probability.banker),
      banker: edgeOf(BACCARAT_PAYS.banker, probability.banker, probability.player),
      tie: edgeOf(BACCARAT_PAYS.tie, probability.tie, sub(one, probability.tie)),
      playerPair: edgeOf(BACCARAT_PAYS.playerPair, pairProbability, pairLose),
      bankerPair: edgeOf(BACCARAT_PAYS.bankerPair, pairProbability, pairLose),
    },
  };
}
