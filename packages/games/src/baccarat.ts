/**
 * Punto banco baccarat from an 8-deck shoe shuffled afresh for every round (a continuous
 * shuffler): each card is drawn uniformly from the cards not yet dealt, with the standard
 * third-card rules. baccarat-maths.ts derives the exact house edges from the same rules.
 */
import { uniformInt, type WordSource } from './uniform.ts';

/** Decks in the shoe. */
export const BACCARAT_DECKS = 8;
/** Cards in the shoe: 8 × 52. */
export const BACCARAT_SHOE_SIZE = BACCARAT_DECKS * 52;

/** A card: rank 1 (ace) … 13 (king); suit 0 spades, 1 hearts, 2 diamonds, 3 clubs. */
export interface Card {
  rank: number;
  suit: number;
}

/** The shoe in its fixed order: index i is deck ⌊i/52⌋, suit ⌊(i mod 52)/13⌋, rank (i mod 13) + 1. */
export function shoeCard(index: number): Card {
  return { rank: (index % 13) + 1, suit: Math.floor((index % 52) / 13) };
}

/** Baccarat value: ace 1, 2–9 face value, 10 and pictures 0. */
export const cardValue = (card: Card): number => (card.rank >= 10 ? 0 : card.rank);

/** A hand's total: the sum of its values, last digit only. */
export const handTotal = (cards: readonly Card[]): number => cards.reduce((t, c) => t + cardValue(c), 0) % 10;

/** Player draws a third card on 0–5 and stands on 6–7 (naturals are settled before this). */
export const playerDraws = (playerTotal: number): boolean => playerTotal <= 5;

/**
 * Banker's tableau. If the player stood, banker draws on 0–5. Otherwise, by the value of the
 * player's third card: 0–2 always draw; 3 draws unless it was 8; 4 draws on 2–7; 5 on 4–7;
 * 6 on 6–7; 7 stands.
 */
export function bankerDraws(bankerTotal: number, playerThird: number | null): boolean {
  if (playerThird === null) return bankerTotal <= 5;
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return playerThird !== 8;
    case 4:
      return playerThird >= 2 && playerThird <= 7;
    case 5:
      return playerThird >= 4 && playerThird <= 7;
    case 6:
      return playerThird === 6 || playerThird === 7;
    default:
      return false;
  }
}

/** Which hand won, or a tie. */
export type BaccaratOutcome = 'player' | 'banker' | 'tie';

/** Who wins on these totals. */
export const outcomeOf = (playerTotal: number, bankerTotal: number): BaccaratOutcome =>
  playerTotal > bankerTotal ? 'player' : bankerTotal > playerTotal ? 'banker' : 'tie';

/** A dealt round, as shown and recorded for recall. */
export interface BaccaratRound {
  /** Cards in the order dealt to each hand. */
  player: Card[];
  banker: Card[];
  playerTotal: number;
  bankerTotal: number;
  outcome: BaccaratOutcome;
  /** Either hand's first two cards made 8 or 9. */
  natural: boolean;
  /** The hand's first two cards have the same rank. */
  playerPair: boolean;
  bankerPair: boolean;
}

/**
 * Draws cards from a fresh shoe: draw k picks j = uniformInt(416 − k) and takes the j-th card,
 * counting from 0 in shoe order, among the cards not yet drawn.
 */
function freshShoe(words: WordSource): () => Card {
  const drawn: number[] = [];
  return () => {
    let index = uniformInt(BACCARAT_SHOE_SIZE - drawn.length, words);
    for (const d of drawn) if (d <= index) index++;
    drawn.push(index);
    drawn.sort((a, b) => a - b);
    return shoeCard(index);
  };
}

/** Deals player, banker, player, banker, then the third cards the rules call for. */
export function dealRound(words: WordSource): BaccaratRound {
  const draw = freshShoe(words);
  const p1 = draw();
  const b1 = draw();
  const p2 = draw();
  const b2 = draw();
  const player = [p1, p2];
  const banker = [b1, b2];
  const natural = handTotal(player) >= 8 || handTotal(banker) >= 8;
  if (!natural) {
    let playerThird: number | null = null;
    if (playerDraws(handTotal(player))) {
      const card = draw();
      player.push(card);
      playerThird = cardValue(card);
    }
    if (bankerDraws(handTotal(banker), playerThird)) banker.push(draw());
  }
  const playerTotal = handTotal(player);
  const bankerTotal = handTotal(banker);
  return {
    player,
    banker,
    playerTotal,
    bankerTotal,
    outcome: outcomeOf(playerTotal, bankerTotal),
    natural,
    playerPair: p1.rank === p2.rank,
    bankerPair: b1.rank === b2.rank,
  };
}

/** The bets on the table. */
export const BACCARAT_BETS = ['player', 'banker', 'tie', 'playerPair', 'bankerPair'] as const;
/** One of BACCARAT_BETS. */
export type BaccaratBet = (typeof BACCARAT_BETS)[number];

/** Stakes by bet; absent bets were not placed. */
export type BaccaratStakes = Partial<Record<BaccaratBet, bigint>>;
/** What each placed bet returns, stake included, by bet. */
export type BaccaratPayouts = Partial<Record<BaccaratBet, bigint>>;

/** Even money on player; 95 % on banker (5 % commission); 8 to 1 on tie; 11 to 1 on either pair. */
export const BACCARAT_PAYS = {
  player: { num: 1n, den: 1n },
  banker: { num: 95n, den: 100n },
  tie: { num: 8n, den: 1n },
  playerPair: { num: 11n, den: 1n },
  bankerPair: { num: 11n, den: 1n },
} as const;

/**
 * Each bet's house edge in per cent, to 4 decimals: the exact fractions of baccaratOdds() (an
 * enumeration of the shoe that takes most of a second), written down for the table's rules panel
 * and checked against the enumeration by the tests. Player and banker push on a tie.
 */
export const BACCARAT_HOUSE_EDGE_PERCENT: Readonly<Record<BaccaratBet, string>> = {
  player: '1.2351',
  banker: '1.0579',
  tie: '14.3596',
  playerPair: '10.3614',
  bankerPair: '10.3614',
};

function wins(bet: BaccaratBet, round: BaccaratRound): boolean {
  switch (bet) {
    case 'player':
    case 'banker':
    case 'tie':
      return round.outcome === bet;
    case 'playerPair':
      return round.playerPair;
    case 'bankerPair':
      return round.bankerPair;
  }
}

/**
 * What each placed bet returns to the player (stake included): stake + winnings on a win, the
 * stake alone for player and banker bets on a tie (a push), 0 on a loss. Winnings are floored
 * to the minor unit, so the banker commission is effectively rounded up: rounding the
 * commission down would let stakes under 20 minor units win at even money and beat the house.
 */
export function settle(stakes: BaccaratStakes, round: BaccaratRound): BaccaratPayouts {
  const payouts: BaccaratPayouts = {};
  for (const bet of BACCARAT_BETS) {
    const stake = stakes[bet];
    if (stake === undefined) continue;
    if (stake <= 0n) throw new RangeError(`stake on ${bet} must be positive`);
    const pays = BACCARAT_PAYS[bet];
    if (wins(bet, round)) payouts[bet] = stake + (stake * pays.num) / pays.den;
    else if (round.outcome === 'tie' && (bet === 'player' || bet === 'banker')) payouts[bet] = stake;
    else payouts[bet] = 0n;
  }
  return payouts;
}
