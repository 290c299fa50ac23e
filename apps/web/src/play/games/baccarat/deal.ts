/**
 * The order the cards of a hand come out of the shoe — player, banker, player, banker, then
 * the player's third card and the banker's — and the totals as each one turns over (the maths
 * package's card values, so they match the server's).
 */
import { handTotal } from '@aurum/games';

export interface WireCard {
  rank: number;
  suit: 'S' | 'H' | 'D' | 'C';
}

export interface DealStep {
  side: 'player' | 'banker';
  index: number;
}

export function dealOrder(player: readonly WireCard[], banker: readonly WireCard[]): DealStep[] {
  const steps: DealStep[] = [];
  for (let i = 0; i < 2; i++) {
    if (player[i]) steps.push({ side: 'player', index: i });
    if (banker[i]) steps.push({ side: 'banker', index: i });
  }
  if (player[2]) steps.push({ side: 'player', index: 2 });
  if (banker[2]) steps.push({ side: 'banker', index: 2 });
  return steps;
}

/** The total of the cards turned so far. */
export const totalOf = (cards: readonly WireCard[]): number =>
  handTotal(cards.map((c) => ({ rank: c.rank, suit: 0 })));
